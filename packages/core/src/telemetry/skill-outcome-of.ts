import type { SkillOutcome } from './skill-span-attributes.ts';

// Codes that mean policy or a person said no, rather than that something broke.
const REFUSAL_CODES = new Set([
  'unknown_skill',
  'permission_denied',
  'approval_required',
  'approval_denied',
  'not_allowed',
]);

/** The outcome an error code stands for: `refused` for policy and approval codes, else `error`. */
export function skillOutcomeOf(code: string | undefined): SkillOutcome {
  if (code === undefined || code === 'ok') return { outcome: 'ok' };
  return { outcome: REFUSAL_CODES.has(code) ? 'refused' : 'error', code };
}
