import type { CoreIssueCode, SkillIssue } from '@skillset/core';

/** Every issue code a skill write in the store reports: core's, plus the store's own file checks. */
export type StoreIssueCode =
  | CoreIssueCode
  | 'invalid_file_path'
  | 'skill_file_in_files'
  | 'duplicate_file'
  | 'invalid_skill'
  | 'conflicting_file_options';

/** One problem with a skill write in the store. */
export type StoreSkillIssue = SkillIssue<StoreIssueCode>;
