import {
  judgeTriggerCase,
  summarizeTriggerEval,
  type TriggerEvalCase,
  type TriggerEvalReport,
} from '@skillset/core';
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

function mostFrequentFirst(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
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
  const wanted = options.skill.toLowerCase();
  const jobs = options.cases.flatMap((evalCase, caseIndex) =>
    Array.from({ length: runs }, () => ({ evalCase, caseIndex })),
  );
  const loaded: Array<Array<string | undefined>> = options.cases.map(() => []);
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < jobs.length && failure === undefined) {
      const job = jobs[next++] as (typeof jobs)[number];
      try {
        const session = options.createSession();
        (loaded[job.caseIndex] as Array<string | undefined>).push(
          await firstSkillLoaded(session, job.evalCase.query, options.signal),
        );
      } catch (error) {
        failure ??= error;
      }
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency ?? 4, jobs.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure !== undefined) throw failure;
  const cases = options.cases.map((evalCase, caseIndex) => {
    const names = loaded[caseIndex] as Array<string | undefined>;
    const triggers = names.filter((name) => name?.toLowerCase() === wanted).length;
    const others = names.filter(
      (name): name is string => name !== undefined && name.toLowerCase() !== wanted,
    );
    return { ...judgeTriggerCase(evalCase, runs, triggers), chose: mostFrequentFirst(others) };
  });
  return summarizeTriggerEval({
    skill: options.skill,
    mode: 'model',
    model: options.model,
    skillCount: options.skillCount,
    runs,
    cases,
  });
}
