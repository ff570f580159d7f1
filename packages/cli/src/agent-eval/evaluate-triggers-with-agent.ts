import {
  runTriggerCases,
  summarizeTriggerEval,
  type TriggerEvalCase,
  type TriggerEvalReport,
} from '@skillset/core/authoring';
import type { AgentFolderContext } from '../agents/agent-skill-folders.ts';
import { type AgentName, agentDefinition } from '../agents/agent-table.ts';
import { AGENT_EVAL_DRIVERS } from './agent-eval-drivers.ts';
import { prepareEvalProject } from './prepare-eval-project.ts';
import { runAgentQuery } from './run-agent-query.ts';

/** A skill's trigger eval run through a real agent's binary. */
export interface AgentTriggerEvalReport extends Omit<TriggerEvalReport, 'mode' | 'model' | 'top'> {
  mode: 'agent';
  agent: AgentName;
  /** The binary that ran. */
  agentBin: string;
}

/** Options for {@link evaluateTriggersWithAgent}. */
export interface EvaluateTriggersWithAgentOptions {
  agent: AgentName;
  bin: string;
  /** The skill under evaluation: its name and folder. */
  skill: { name: string; path: string };
  cases: readonly TriggerEvalCase[];
  runs: number;
  /** The user's project folder and environment. */
  context: AgentFolderContext;
  /** How long one query may run; see {@link runAgentQuery}. */
  timeoutSeconds: number;
  /** Agent runs at once; default 2. */
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Runs each query `runs` times through the agent's own binary, with the model the user configured
 * for it, in a temporary copy of what the agent reads in the project; a run triggers when the
 * first skill the agent activates is this one (its skill tool, or reading the skill's SKILL.md).
 */
export async function evaluateTriggersWithAgent(
  options: EvaluateTriggersWithAgentOptions,
): Promise<AgentTriggerEvalReport> {
  const { agent, bin, runs } = options;
  const driver = AGENT_EVAL_DRIVERS[agent];
  await using project = await prepareEvalProject({
    agent,
    driver,
    context: options.context,
    skill: options.skill,
  });
  const run = (query: string) =>
    runAgentQuery({
      driver,
      bin,
      label: agentDefinition(agent).label,
      query,
      project: project.project,
      scratch: project.scratch,
      env: options.context.env,
      timeoutSeconds: options.timeoutSeconds,
      ...(options.signal === undefined ? {} : { signal: options.signal }),
    });
  // The first run goes alone: an agent's first start sets up its state (OpenCode migrates its
  // database), and two first starts at once break each other.
  let firstRun: Promise<unknown> | undefined;
  const cases = await runTriggerCases({
    skill: options.skill.name,
    cases: options.cases,
    runs,
    concurrency: options.concurrency ?? 2,
    firstSkill: async (query) => {
      if (firstRun === undefined) {
        const result = run(query);
        firstRun = result;
        return result;
      }
      await firstRun.catch(() => undefined);
      return run(query);
    },
  });
  return summarizeTriggerEval({
    skill: options.skill.name,
    mode: 'agent' as const,
    agent,
    agentBin: bin,
    skillCount: project.skillCount,
    runs,
    cases,
  });
}
