import type { SkillsetErrorCode } from '@skillset/core';

/** The codes of the `SkillsetError`s the CLI throws: core's, plus installing and exporting skills. */
export type CliErrorCode =
  | SkillsetErrorCode
  | 'git_clone_failed'
  | 'install_source_not_found'
  | 'install_target_exists'
  | 'package_exists';
