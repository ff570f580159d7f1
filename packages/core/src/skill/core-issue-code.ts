import type { SkillIssueCode } from '../format/issue-codes.ts';
import type { PackageIssueCode } from '../package/package-issue-codes.ts';
import type { SourceIssueCode } from '../source/source-issue-codes.ts';

/** The issue code `checkSkillWrite` adds to the format's: the name of an existing skill changed. */
export type SkillWriteIssueCode = 'name_changed';

/** Every issue code core emits: the skill format's, packages', sources' and skill writes'. */
export type CoreIssueCode =
  | SkillIssueCode
  | PackageIssueCode
  | SourceIssueCode
  | SkillWriteIssueCode;
