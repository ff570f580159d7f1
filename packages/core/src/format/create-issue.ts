import type { SkillIssue, SkillIssueSeverity } from '../skill/skill-issue.ts';
import type { SkillIssueCode } from './issue-codes.ts';

/** Where an issue points: a field and/or a 1-based position. */
export interface IssueLocation {
  field?: string;
  line?: number;
  column?: number;
}

/** Builds a {@link SkillIssue}, leaving out location parts that are unknown. */
export function createIssue(
  code: SkillIssueCode,
  severity: SkillIssueSeverity,
  message: string,
  location: IssueLocation = {},
): SkillIssue {
  const issue: SkillIssue = { code, severity, message };
  if (location.field !== undefined) issue.field = location.field;
  if (location.line !== undefined) issue.line = location.line;
  if (location.column !== undefined) issue.column = location.column;
  return issue;
}
