import {
  runTriggerCases,
  summarizeTriggerEval,
  type TriggerEvalCase,
  type TriggerEvalReport,
} from '@skillset/core/authoring';
import type { AgentSession } from './create-agent.ts';

/** Options for {@link evaluateTriggersWithModel}. */
export interface EvaluateTriggersWithModelOptions {
  skill: string;
  cases: readonly TriggerEvalCase[];
  /** Runs per case (models are not deterministic); default 3. */
  runs?: number;
  /** A fresh conversation, with the user's whole skill set in its catalog as in real use. */
  createSession: () => AgentSession;
  /** The model spec, for the report. */
  model: string;
  /** How many skills the catalog offers, for the report. */
  skillCount: number;
  /** Conversations at once; default 4. */
  concurrency?: number;
  signal?: AbortSignal;
}

/**
 * Sends one query in a fresh conversation and returns the skill the model loads with `use_skill`
 * (its first call), or undefined when it answers without one; the turn stops at that call.
 */
async function firstSkillLoaded(
  session: AgentSession,
  query: string,
  signal?: AbortSignal,
): Promise<string | undefined> {
  const turn = new AbortController();
  const stop = () => turn.abort();
  signal?.addEventListener('abort', stop, { once: true });
  try {
    for await (const event of session.send(query, { signal: turn.signal })) {
      if (event.type === 'tool-call' && event.toolName === 'use_skill') {
        const requested = (event.input as { skill?: unknown } | undefined)?.skill;
        turn.abort();
        return typeof requested === 'string' ? requested : '';
      }
      if (event.type === 'error') throw new Error(event.message);
    }
    return undefined;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}

/**
 * Measures whether a model loads the skill for each query: every case runs `runs` times in fresh
 * conversations; a run triggers when the model's first `use_skill` call names the skill. A model
 * error (unreachable, refused key) stops the eval with that error.
 */
export async function evaluateTriggersWithModel(
  options: EvaluateTriggersWithModelOptions,
): Promise<TriggerEvalReport> {
  const runs = options.runs ?? 3;
  const cases = await runTriggerCases({
    skill: options.skill,
    cases: options.cases,
    runs,
    concurrency: options.concurrency ?? 4,
    firstSkill: (query) => firstSkillLoaded(options.createSession(), query, options.signal),
  });
  return summarizeTriggerEval({
    skill: options.skill,
    mode: 'model' as const,
    model: options.model,
    skillCount: options.skillCount,
    runs,
    cases,
  });
}
