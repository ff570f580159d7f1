import type { Schemas } from '../api/client.ts';

/** A skill's trigger eval as the API answers it. */
export type TriggerEval = Schemas['SkillTriggerEval'];
/** What the eval measured, and its figures. */
export type TriggerEvalReport = TriggerEval['report'];
/** One query of the eval and how it went. */
export type TriggerEvalCase = TriggerEvalReport['cases'][number];

/** A share as a whole percentage; an em dash when there was nothing to measure. */
export function formatShare(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}

/** How the eval chose: the ranked search and its cut-off, or the model and its runs. */
export function describeEvalMode(report: TriggerEvalReport): string {
  const skills = `${report.skillCount} ${report.skillCount === 1 ? 'skill' : 'skills'}`;
  if (report.mode === 'offline') {
    return `Ranked search, top ${report.top ?? 3} of ${skills}`;
  }
  const runs = `${report.runs} ${report.runs === 1 ? 'run' : 'runs'} per query`;
  return `Model ${report.model ?? '(unnamed)'}, ${runs}, choosing among ${skills}`;
}
