import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAgent, evaluateTriggersWithModel, resolveModel } from '@skillset/agent';
import type { PolicyContext, PolicyGate, SkillEntry, SkillRegistry } from '@skillset/core';
import {
  checkTriggerEvalThresholds,
  evaluateTriggersOffline,
  type ParsedTriggerEvalSet,
  parseTriggerEvalSet,
  TRIGGER_EVAL_SET_PATH,
  type TriggerEvalCase,
  type TriggerEvalReport,
} from '@skillset/core/authoring';
import { findBinary } from '@skillset/core/node';
import type { LanguageModel } from 'ai';
import { AGENT_EVAL_DRIVERS } from '../agent-eval/agent-eval-drivers.ts';
import { evaluateTriggersWithAgent } from '../agent-eval/evaluate-triggers-with-agent.ts';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import { buildLocalSearchIndex } from '../build-local-search-index.ts';
import { listAllowedEntries } from '../list-allowed-entries.ts';
import { reportSourceIssues } from '../open-local-registry.ts';
import { openLocalSession } from '../open-local-session.ts';
import {
  type EvalReport,
  formatTriggerEvalJunit,
  formatTriggerEvalTable,
} from '../output/format-trigger-eval.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runEval}. */
export interface EvalCommandOptions {
  skills: string[];
  dirs: string[];
  evalSet?: string;
  model?: string;
  /** Run the queries through this agent's binary instead. */
  agent?: string;
  /** The agent's executable, instead of its name on PATH. */
  agentBin?: string;
  /** Seconds one query may run through the agent. */
  agentTimeout: number;
  runs: number;
  top: number;
  json?: boolean;
  junit?: string;
  minRecall?: number;
  minPrecision?: number;
}

/** The largest eval set file read, in bytes. */
const maximumEvalSetBytes = 1024 * 1024;

class EvalInputError extends Error {}

async function readEvalSetFile(terminal: Terminal, file: string): Promise<ParsedTriggerEvalSet> {
  const absolute = path.resolve(terminal.cwd, file);
  const info = await stat(absolute).catch(() => undefined);
  if (info === undefined || !info.isFile())
    return { ok: false, message: `${file}: there is no such file.` };
  if (info.size > maximumEvalSetBytes)
    return { ok: false, message: `${file}: the eval set is larger than 1 MiB.` };
  return parseTriggerEvalSet(await readFile(absolute, 'utf8'), file);
}

async function readSkillEvalSet(
  registry: SkillRegistry,
  entry: SkillEntry,
): Promise<ParsedTriggerEvalSet | undefined> {
  const files = await registry.listFiles(entry);
  if (!files.some((file) => file.path === TRIGGER_EVAL_SET_PATH)) return undefined;
  const bytes = await registry.readFile(entry, TRIGGER_EVAL_SET_PATH);
  const source = `${entry.name}/${TRIGGER_EVAL_SET_PATH}`;
  if (bytes.byteLength > maximumEvalSetBytes)
    return { ok: false, message: `${source}: the eval set is larger than 1 MiB.` };
  return parseTriggerEvalSet(new TextDecoder().decode(bytes), source);
}

/** The skills to evaluate with their eval sets: the named ones, or every skill that has a set. */
async function chooseTargets(
  terminal: Terminal,
  registry: SkillRegistry,
  entries: readonly SkillEntry[],
  options: EvalCommandOptions,
) {
  const byName = new Map(entries.map((entry) => [entry.name.toLowerCase(), entry]));
  if (options.evalSet !== undefined && options.skills.length !== 1)
    throw new EvalInputError(
      '--eval-set takes one skill: name it, as in skillset eval SKILL --eval-set FILE.',
    );
  const named = options.skills.map((name) => {
    const entry = byName.get(name.toLowerCase());
    if (entry === undefined)
      throw new EvalInputError(
        `There is no skill '${name}' that a model may find here; run skillset list to see the skills.`,
      );
    return entry;
  });
  const targets: Array<{ entry: SkillEntry; cases: ParsedTriggerEvalSet }> = [];
  for (const entry of named.length > 0 ? named : entries) {
    const cases =
      options.evalSet !== undefined
        ? await readEvalSetFile(terminal, options.evalSet)
        : await readSkillEvalSet(registry, entry);
    if (cases !== undefined) targets.push({ entry, cases });
    else if (named.length > 0)
      throw new EvalInputError(
        `Skill '${entry.name}' has no ${TRIGGER_EVAL_SET_PATH}; write one (a JSON array of {"query", "should_trigger"}) or pass --eval-set FILE.`,
      );
  }
  if (targets.length === 0)
    throw new EvalInputError(
      `No skill here has an ${TRIGGER_EVAL_SET_PATH}; write one in a skill's folder (a JSON array of {"query", "should_trigger"}) or run skillset eval SKILL --eval-set FILE.`,
    );
  return targets;
}

/** The agent's executable: `--agent-bin` (a path, or a name on PATH) or the agent's own name on PATH. */
function findAgentBin(terminal: Terminal, agent: AgentName, agentBin: string | undefined) {
  const wanted = agentBin ?? AGENT_EVAL_DRIVERS[agent].bin;
  const name = wanted.includes('/') ? path.resolve(terminal.cwd, wanted) : wanted;
  const found = findBinary(name, { searchPath: terminal.env.PATH ?? '' });
  if (found !== undefined) return found;
  const label = agentDefinition(agent).label;
  throw new EvalInputError(
    agentBin === undefined
      ? `${label} is not installed here: there is no ${wanted} on PATH; install it or pass --agent-bin PATH.`
      : `--agent-bin ${agentBin}: there is no such executable; pass the path of ${label}'s binary.`,
  );
}

async function evaluateWithAgent(
  terminal: Terminal,
  sets: ReadonlyArray<{ skill: string; path: string; cases: TriggerEvalCase[] }>,
  options: EvalCommandOptions,
): Promise<EvalReport[]> {
  const agent = options.agent as AgentName;
  const bin = findAgentBin(terminal, agent, options.agentBin);
  const reports: EvalReport[] = [];
  for (const { skill, path: folder, cases } of sets) {
    reports.push(
      await evaluateTriggersWithAgent({
        agent,
        bin,
        skill: { name: skill, path: folder },
        cases,
        runs: options.runs,
        timeoutSeconds: options.agentTimeout,
        context: { cwd: terminal.cwd, env: terminal.env },
      }),
    );
  }
  return reports;
}

async function evaluate(
  terminal: Terminal,
  registry: SkillRegistry,
  entries: readonly SkillEntry[],
  options: EvalCommandOptions,
  agent: { policy: PolicyContext; gate: PolicyGate; model: LanguageModel | undefined },
): Promise<EvalReport[]> {
  const { policy, gate, model } = agent;
  const targets = await chooseTargets(terminal, registry, entries, options);
  const problems = targets.flatMap(({ cases }) => (cases.ok ? [] : [cases.message]));
  if (problems.length > 0) throw new EvalInputError(problems.join('\n'));
  const sets = targets.map(({ entry, cases }) => ({
    skill: entry.name,
    path: entry.path,
    cases: cases.ok ? cases.cases : [],
  }));
  if (options.agent !== undefined) return evaluateWithAgent(terminal, sets, options);
  if (model === undefined || options.model === undefined) {
    const index = await buildLocalSearchIndex(terminal, { registry, entries });
    return sets.map(({ skill, cases }) =>
      evaluateTriggersOffline({ index, skill, cases, top: options.top }),
    );
  }
  const reports: TriggerEvalReport[] = [];
  for (const { skill, cases } of sets) {
    reports.push(
      await evaluateTriggersWithModel({
        skill,
        cases,
        runs: options.runs,
        model: options.model,
        skillCount: entries.length,
        createSession: () => createAgent({ model, registry, policy, gate }),
      }),
    );
  }
  return reports;
}

function printReports(
  terminal: Terminal,
  reports: readonly EvalReport[],
  misses: ReadonlyMap<string, readonly string[]>,
) {
  reports.forEach((report, position) => {
    if (position > 0) printLine(terminal);
    for (const line of formatTriggerEvalTable(report)) printLine(terminal, line);
    for (const miss of misses.get(report.skill) ?? [])
      printLine(terminal, `  below threshold: ${miss}`);
  });
}

/**
 * `skillset eval [SKILL...]`: runs each skill's trigger eval set, offline through the ranked search,
 * with `--model` through a model choosing from the whole catalog, or with `--agent` through that
 * agent's own binary; exits 1 when a skill misses `--min-recall` or `--min-precision`.
 */
export async function runEval(terminal: Terminal, options: EvalCommandOptions): Promise<number> {
  if (options.agent !== undefined && options.model !== undefined) {
    terminal.stderr.write(
      'skillset: --agent runs the queries with the model configured for that agent; pass --agent or --model, not both.\n',
    );
    return 1;
  }
  let model: LanguageModel | undefined;
  try {
    model = options.model === undefined ? undefined : resolveModel(options.model, terminal.env);
  } catch (error) {
    terminal.stderr.write(`skillset: ${(error as Error).message}\n`);
    return 1;
  }
  const session = await openLocalSession(terminal, options.dirs);
  const { policy, registry } = session;
  try {
    if (await reportSourceIssues(terminal, registry)) return 1;
    const gate = session.gate;
    const { entries } = await listAllowedEntries(terminal, {
      gate,
      entryPoint: 'search_skills',
      leftOutOf: 'the eval',
    });
    let reports: EvalReport[];
    try {
      reports = await evaluate(terminal, registry, entries, options, {
        policy: policy.context,
        gate,
        model,
      });
    } catch (error) {
      const message = (error as Error).message;
      terminal.stderr.write(
        error instanceof EvalInputError
          ? `skillset: ${message.split('\n').join('\nskillset: ')}\n`
          : `skillset: the eval stopped: ${message}\n`,
      );
      return 1;
    }
    const thresholds = {
      ...(options.minRecall === undefined ? {} : { minimumRecall: options.minRecall }),
      ...(options.minPrecision === undefined ? {} : { minimumPrecision: options.minPrecision }),
    };
    const misses = new Map(
      reports.map((report) => [report.skill, checkTriggerEvalThresholds(report, thresholds)]),
    );
    if (options.junit !== undefined)
      await writeFile(
        path.resolve(terminal.cwd, options.junit),
        formatTriggerEvalJunit(reports, misses),
      );
    if (options.json) printJson(terminal, { reports, belowThreshold: [...misses.values()].flat() });
    else printReports(terminal, reports, misses);
    return [...misses.values()].some((each) => each.length > 0) ? 1 : 0;
  } finally {
    await session.close();
  }
}
