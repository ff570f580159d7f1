import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createAgentProject } from '../test/support/agents/agent-project.ts';
import { pathWithAgents } from '../test/support/agents/connected-agent.ts';
import {
  copyCorpusSkills,
  type DevQuery,
  loadDevQueries,
} from '../test/support/agents/corpus-skills.ts';
import { createHookRuntime } from '../test/support/agents/hook-runtime.ts';
import { type AgentName, agentBin } from '../test/support/agents/install-agent-clis.ts';
import { runAgent } from '../test/support/agents/run-agent.ts';
import { startScriptedModel } from '../test/support/agents/scripted-model.ts';
import {
  loopCalls,
  type SkillsShown,
  type SkillText,
  skillsShown,
} from '../test/support/agents/skills-shown.ts';
import { spawnSkillset } from '../test/support/run-skillset.ts';
import { TUNING_QUERY_IDS } from './selection.ts';

/**
 * `npm run bench -- agents`: the dev queries through each real agent CLI, in a project holding the
 * 539 corpus skills in the agent's own folder, alone and after `skillset connect`: is a right skill
 * listed, is one described, and how big is the first request. `SKILLSET_BENCH_AGENTS=claude,codex`
 * picks agents; `SKILLSET_BENCH_QUERIES=N` runs the first N queries.
 */

const ALL_AGENTS: AgentName[] = ['claude', 'codex', 'opencode', 'gemini'];

/** Each agent's own project folder, where a team that synced its library has the skills. */
const OWN_FOLDERS: Record<AgentName, string> = {
  claude: '.claude/skills',
  codex: '.agents/skills',
  opencode: '.opencode/skills',
  gemini: '.gemini/skills',
};

/** How big the connected first request may be against the agent's own: a little more where the agent lists briefly, a fifth where it lists everything. */
const SIZE_LIMITS: Record<AgentName, number> = {
  claude: 1.25,
  codex: 1.25,
  opencode: 0.2,
  gemini: 0.2,
};

interface QueryResult {
  id: string;
  listed: boolean;
  described: boolean;
  bytes: number;
}

interface ModeResult {
  results: QueryResult[];
  failures: string[];
}

function share(results: readonly QueryResult[], key: 'listed' | 'described'): number {
  return results.length === 0 ? 0 : results.filter((result) => result[key]).length / results.length;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function percent(value: number): string {
  return `${(value * 100).toFixed(1)}%`;
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} KB`;
}

/**
 * Runs the queries through the agent and reads its first request for each. With `once`, the
 * agent runs the first query only and every query is read against that request: alone, an
 * agent's listing does not depend on the prompt.
 */
async function runQueries(
  agent: AgentName,
  queries: readonly DevQuery[],
  skills: readonly SkillText[],
  place: { project: string; home: string; env: Record<string, string> },
  once = false,
): Promise<ModeResult> {
  const model = await startScriptedModel();
  const mode: ModeResult = { results: [], failures: [] };
  let shared: SkillsShown | undefined;
  try {
    for (const query of queries) {
      if (shared !== undefined) {
        mode.results.push(resultOf(query, shared));
        continue;
      }
      const run = await runAgent({
        agent,
        prompt: query.query,
        project: place.project,
        home: place.home,
        model,
        env: place.env,
        // Codex's sandbox helper is not installed under a temporary CODEX_HOME.
        ...(agent === 'codex' ? { args: ['-c', 'sandbox_mode="danger-full-access"'] } : {}),
      });
      const [first] = loopCalls(run.calls);
      if (run.exitCode !== 0 || first === undefined) {
        mode.failures.push(
          `${query.id}: exit ${run.exitCode}, ${run.calls.length} calls; ${run.stderr.slice(-300)}`,
        );
        continue;
      }
      const shown = skillsShown(first, skills);
      if (once) shared = shown;
      mode.results.push(resultOf(query, shown));
      process.stderr.write('.');
    }
  } finally {
    await model.close();
  }
  return mode;
}

function resultOf(query: DevQuery, shown: SkillsShown): QueryResult {
  return {
    id: query.id,
    listed: query.expected.some((name) => shown.listed.has(name)),
    described: query.expected.some((name) => shown.described.has(name)),
    bytes: shown.bytes,
  };
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

async function benchAgent(agent: AgentName, queries: readonly DevQuery[]): Promise<string[]> {
  await agentBin(agent);
  const project = await createAgentProject();
  const runtime = await createHookRuntime(project.root);
  const agentEnv = {
    ...runtime.env,
    PATH: await pathWithAgents(),
    CODEX_HOME: path.join(project.home, '.codex'),
  };
  // Codex loads a project's .codex/ only in a project its user trusts, as a Codex user's does.
  await mkdir(agentEnv.CODEX_HOME, { recursive: true });
  await writeFile(
    path.join(agentEnv.CODEX_HOME, 'config.toml'),
    `[projects.${JSON.stringify(project.project)}]\ntrust_level = "trusted"\n`,
  );
  const env = {
    HOME: project.home,
    XDG_CONFIG_HOME: path.join(project.home, '.config'),
    XDG_CACHE_HOME: path.join(project.home, '.cache'),
    ...agentEnv,
  };
  const place = { project: project.project, home: project.home, env: agentEnv };
  try {
    const skills = await copyCorpusSkills(path.join(project.project, OWN_FOLDERS[agent]));
    const alone = await runQueries(agent, queries, skills, place, true);
    const connected = await spawnSkillset(['connect', agent], { cwd: project.project, env });
    if (connected.exitCode !== 0) {
      return [
        row([
          agent,
          'connect failed',
          connected.stderr.trim().split('\n').join(' '),
          '',
          '',
          '',
          '',
        ]),
      ];
    }
    const joined = await runQueries(agent, queries, skills, place);
    const aloneBytes = median(alone.results.map((result) => result.bytes));
    const joinedBytes = median(joined.results.map((result) => result.bytes));
    const sizeRatio = aloneBytes === 0 ? 0 : joinedBytes / aloneBytes;
    const heldOut = (mode: ModeResult) =>
      share(
        mode.results.filter((result) => !TUNING_QUERY_IDS.has(result.id)),
        'described',
      );
    const lines = [
      row([
        agent,
        'alone',
        percent(share(alone.results, 'listed')),
        percent(share(alone.results, 'described')),
        percent(heldOut(alone)),
        kilobytes(aloneBytes),
        '',
        '',
      ]),
      row([
        agent,
        'connected',
        percent(share(joined.results, 'listed')),
        percent(share(joined.results, 'described')),
        percent(heldOut(joined)),
        `${kilobytes(joinedBytes)} (${sizeRatio.toFixed(2)}× alone)`,
        `described ≥ 90%, size ≤ ${SIZE_LIMITS[agent]}×`,
        share(joined.results, 'described') >= 0.9 && sizeRatio <= SIZE_LIMITS[agent]
          ? 'pass'
          : 'FAIL',
      ]),
    ];
    for (const failure of [...alone.failures, ...joined.failures])
      lines.push(`<!-- ${agent}: ${failure} -->`);
    const missed = joined.results.filter((result) => !result.described).map((result) => result.id);
    if (missed.length > 0)
      lines.push(`<!-- ${agent} connected, not described: ${missed.join(', ')} -->`);
    return lines;
  } finally {
    await spawnSkillset(['disconnect', agent], { cwd: project.project, env }).catch(
      () => undefined,
    );
    await runtime.stop();
    await rm(project.root, { recursive: true, force: true });
  }
}

/** Prints one table: per agent, alone and connected. */
export async function run(): Promise<void> {
  const agents = (process.env.SKILLSET_BENCH_AGENTS?.split(',') ?? ALL_AGENTS) as AgentName[];
  const all = await loadDevQueries();
  const limit = Number(process.env.SKILLSET_BENCH_QUERIES ?? all.length);
  const queries = all.slice(0, limit);
  const lines = [
    row([
      'agent',
      'mode',
      'right skill listed',
      'described',
      'described (held-out half)',
      'first request (median)',
      'goal',
      'pass/fail',
    ]),
    row(['---', '---', '---', '---', '---', '---', '---', '---']),
  ];
  for (const agent of agents) lines.push(...(await benchAgent(agent, queries)));
  process.stderr.write('\n');
  console.log(`${queries.length} dev queries, 539 corpus skills in each agent's own folder\n`);
  console.log(lines.join('\n'));
}
