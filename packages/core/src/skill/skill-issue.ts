import type { CoreIssueCode } from './core-issue-code.ts';

/** How serious a validation issue is: errors make a skill invalid, warnings do not. */
export type SkillIssueSeverity = 'error' | 'warning';

/**
 * One problem found in a skill, with a stable snake_case `code` and a 1-based position. `Code` is
 * every code core emits; a package that adds its own codes widens it (`SkillIssue<StoreIssueCode>`).
 */
export interface SkillIssue<Code extends string = CoreIssueCode> {
  code: Code;
  severity: SkillIssueSeverity;
  message: string;
  field?: string;
  line?: number;
  column?: number;
}
