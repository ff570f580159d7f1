import type { SkillIssue, SkillIssueSeverity } from '../skill/skill-issue.ts';

/** Every stable issue code reading a skill package reports; codes are added, never renamed. */
export const PACKAGE_ISSUE_CODES = [
  'not_a_zip',
  'unsupported_zip_feature',
  'invalid_entry_name',
  'absolute_path',
  'zip_slip',
  'symlink_entry',
  'special_file_entry',
  'encrypted_entry',
  'unsupported_compression',
  'duplicate_entry',
  'case_conflict',
  'too_many_files',
  'entry_too_large',
  'package_too_large',
  'file_too_large',
  'compression_bomb',
  'overlapping_entries',
  'corrupt_entry',
  'size_mismatch',
  'missing_skill_file',
  'multiple_skill_folders',
  'multiple_top_level_entries',
  'invalid_utf8',
  'ignored_entry',
  'backslash_separator',
  'lowercase_skill_file',
  'path_too_long',
  'path_too_deep',
] as const;

/** A stable snake_case issue code of skill packages. */
export type PackageIssueCode = (typeof PACKAGE_ISSUE_CODES)[number];

/** Builds a package {@link SkillIssue}; `field` names the ZIP entry when there is one. */
export function createPackageIssue(
  code: PackageIssueCode,
  severity: SkillIssueSeverity,
  message: string,
  entryName?: string,
): SkillIssue {
  const issue: SkillIssue = { code, severity, message };
  if (entryName !== undefined) issue.field = entryName;
  return issue;
}
