import type { TriggerEvalCase } from './trigger-eval-set.ts';

/** How one case went: how often the skill was chosen, and whether that is what the case wants. */
export interface TriggerCaseResult extends TriggerEvalCase {
  runs: number;
  /** Runs in which the skill was chosen. */
  triggers: number;
  /** `triggers / runs`. */
  triggerRate: number;
  /** The case's verdict: chosen in at least half the runs. */
  triggered: boolean;
  /** `triggered === shouldTrigger`. */
  passed: boolean;
  /** Offline: the skill's place in the ranking for this query (1 = first), `null` when it matched nothing. */
  rank?: number | null;
  /** Offline: the skill's score as a share of the best match's (1 when it ranks first). */
  scoreShare?: number;
  /** With a model: the other skills it loaded instead, most frequent first. */
  chose?: string[];
}

/** A skill's trigger eval: every case, and the figures over them. */
export interface TriggerEvalReport {
  skill: string;
  /** `offline`: the ranked catalog and `search_skills`; `model`: a model choosing with the whole catalog. */
  mode: 'offline' | 'model';
  /** The model spec, in `model` mode. */
  model?: string;
  /** Offline: a case triggers when the skill is among this many first matches. */
  top?: number;
  /** How many skills were in the catalog the skill competed in. */
  skillCount: number;
  runs: number;
  cases: TriggerCaseResult[];
  /** Of the cases that triggered, the share that should; `null` when none triggered. */
  precision: number | null;
  /** Of the cases that should trigger, the share that did; `null` when there are none. */
  recall: number | null;
  /** Share of cases where at least one run gave the right answer. */
  passAtK: number;
  /** Share of cases where every run gave the right answer. */
  passAllK: number;
  passed: number;
  failed: number;
}

/** Builds a case's result from its run count and how many runs chose the skill. */
export function judgeTriggerCase(
  evalCase: TriggerEvalCase,
  runs: number,
  triggers: number,
): TriggerCaseResult {
  const triggerRate = runs === 0 ? 0 : triggers / runs;
  const triggered = triggerRate >= 0.5;
  return {
    ...evalCase,
    runs,
    triggers,
    triggerRate,
    triggered,
    passed: triggered === evalCase.shouldTrigger,
  };
}

/** The figures {@link summarizeTriggerEval} adds to a report. */
export type TriggerEvalFigures = Pick<
  TriggerEvalReport,
  'precision' | 'recall' | 'passAtK' | 'passAllK' | 'passed' | 'failed'
>;

/** Adds precision, recall, pass@k and the pass/fail counts to a skill's case results. */
export function summarizeTriggerEval<Report extends { cases: TriggerCaseResult[] }>(
  report: Report,
): Report & TriggerEvalFigures {
  const { cases } = report;
  const truePositives = cases.filter((each) => each.triggered && each.shouldTrigger).length;
  const triggered = cases.filter((each) => each.triggered).length;
  const positives = cases.filter((each) => each.shouldTrigger).length;
  const rightRuns = (each: TriggerCaseResult) =>
    each.shouldTrigger ? each.triggers : each.runs - each.triggers;
  const share = (count: number) => (cases.length === 0 ? 0 : count / cases.length);
  const passed = cases.filter((each) => each.passed).length;
  return {
    ...report,
    precision: triggered === 0 ? null : truePositives / triggered,
    recall: positives === 0 ? null : truePositives / positives,
    passAtK: share(cases.filter((each) => rightRuns(each) > 0).length),
    passAllK: share(cases.filter((each) => rightRuns(each) === each.runs).length),
    passed,
    failed: cases.length - passed,
  };
}

/** The thresholds a report is held to; a `null` figure (nothing to measure) meets any threshold. */
export interface TriggerEvalThresholds {
  minimumRecall?: number;
  minimumPrecision?: number;
}

/** Says which thresholds a report misses, as sentences; empty when it meets them all. */
export function checkTriggerEvalThresholds(
  report: Pick<TriggerEvalReport, 'skill' | 'recall' | 'precision'>,
  thresholds: TriggerEvalThresholds,
): string[] {
  const misses: string[] = [];
  const below = (label: string, value: number | null, minimum: number | undefined) => {
    if (minimum !== undefined && value !== null && value < minimum)
      misses.push(`${report.skill}: ${label} ${value.toFixed(2)} is below ${minimum}`);
  };
  below('recall', report.recall, thresholds.minimumRecall);
  below('precision', report.precision, thresholds.minimumPrecision);
  return misses;
}
