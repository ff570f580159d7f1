/** How serious a validation issue is: errors make a skill invalid, warnings do not. */
export type SkillIssueSeverity = 'error' | 'warning';

/** One problem found in a skill, with a stable snake_case `code` and a 1-based position. */
export interface SkillIssue {
  code: string;
  severity: SkillIssueSeverity;
  message: string;
  field?: string;
  line?: number;
  column?: number;
}
