import { judgeTriggerCase, type TriggerCaseResult } from './trigger-eval-report.ts';
import type { TriggerEvalCase } from './trigger-eval-set.ts';

/** Options for {@link runTriggerCases}. */
export interface RunTriggerCasesOptions {
  skill: string;
  cases: readonly TriggerEvalCase[];
  /** Runs per case. */
  runs: number;
  /** Runs at once. */
  concurrency: number;
  /**
   * One run of a query: the first skill the model activated (`''` for a call naming none), or
   * undefined when it answered without one. A thrown error stops the eval with that error.
   */
  firstSkill: (query: string) => Promise<string | undefined>;
}

function mostFrequentFirst(names: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]).map(([name]) => name);
}

/**
 * Runs every case `runs` times, `concurrency` at once, and judges each: a run triggers when the
 * first skill activated is `skill` (case-insensitive); the other skills activated instead are
 * listed in `chose`, most frequent first. The first failing run stops the rest and is thrown.
 */
export async function runTriggerCases(
  options: RunTriggerCasesOptions,
): Promise<TriggerCaseResult[]> {
  const { runs } = options;
  const wanted = options.skill.toLowerCase();
  const jobs = options.cases.flatMap((evalCase, caseIndex) =>
    Array.from({ length: runs }, () => ({ evalCase, caseIndex })),
  );
  const chosen: Array<Array<string | undefined>> = options.cases.map(() => []);
  let next = 0;
  let failure: unknown;
  const worker = async () => {
    while (next < jobs.length && failure === undefined) {
      const job = jobs[next++] as (typeof jobs)[number];
      try {
        const skill = await options.firstSkill(job.evalCase.query);
        (chosen[job.caseIndex] as Array<string | undefined>).push(skill);
      } catch (error) {
        failure ??= error;
      }
    }
  };
  const concurrency = Math.max(1, Math.min(options.concurrency, jobs.length));
  await Promise.all(Array.from({ length: concurrency }, worker));
  if (failure !== undefined) throw failure;
  return options.cases.map((evalCase, caseIndex) => {
    const names = chosen[caseIndex] as Array<string | undefined>;
    const triggers = names.filter((name) => name?.toLowerCase() === wanted).length;
    const others = names.filter(
      (name): name is string => name !== undefined && name.toLowerCase() !== wanted,
    );
    return { ...judgeTriggerCase(evalCase, runs, triggers), chose: mostFrequentFirst(others) };
  });
}
