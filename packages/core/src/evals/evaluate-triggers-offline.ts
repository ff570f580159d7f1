import type { SkillIndex } from '../search/create-skill-index.ts';
import {
  judgeTriggerCase,
  summarizeTriggerEval,
  type TriggerEvalReport,
} from './trigger-eval-report.ts';
import type { TriggerEvalCase } from './trigger-eval-set.ts';

/** A case triggers offline when the skill is among this many first matches (docs/decisions/0113). */
export const DEFAULT_TRIGGER_EVAL_TOP = 3;
/** …and scores at least this share of the best match's score, so a small set is not all "surfaced". */
export const TRIGGER_EVAL_SCORE_SHARE = 0.5;

/** Options for {@link evaluateTriggersOffline}. */
export interface EvaluateTriggersOfflineOptions {
  /** The ranker over the user's whole skill set, the one the ranked catalog and `search_skills` use. */
  index: SkillIndex;
  skill: string;
  cases: readonly TriggerEvalCase[];
  top?: number;
}

/**
 * Measures, with no model, whether the ranked catalog and `search_skills` would put the skill in
 * front of the model for each query: a case triggers when the skill ranks among the first `top`
 * matches with at least half the best match's score.
 */
export function evaluateTriggersOffline(
  options: EvaluateTriggersOfflineOptions,
): TriggerEvalReport {
  const { index, skill, cases } = options;
  const top = options.top ?? DEFAULT_TRIGGER_EVAL_TOP;
  const wanted = skill.toLowerCase();
  const results = cases.map((evalCase) => {
    const hits = index.search(evalCase.query, { limit: index.skills.length });
    const position = hits.findIndex((hit) => hit.name.toLowerCase() === wanted);
    const rank = position < 0 ? null : position + 1;
    const scoreShare = position < 0 ? 0 : (hits[position]?.score ?? 0) / (hits[0]?.score ?? 1);
    const triggers = rank !== null && rank <= top && scoreShare >= TRIGGER_EVAL_SCORE_SHARE ? 1 : 0;
    return { ...judgeTriggerCase(evalCase, 1, triggers), rank, scoreShare };
  });
  return summarizeTriggerEval({
    skill,
    mode: 'offline' as const,
    top,
    skillCount: index.skills.length,
    runs: 1,
    cases: results,
  });
}
