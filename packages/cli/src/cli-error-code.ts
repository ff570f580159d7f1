import type { SkillsetErrorCode } from '@skillset/core';

/** The codes of the `SkillsetError`s the CLI throws: core's, plus installing, exporting and connecting. */
export type CliErrorCode =
  | SkillsetErrorCode
  | 'agent_already_connected'
  | 'agent_command_failed'
  | 'agent_not_connectable'
  | 'connection_record_invalid'
  | 'settings_conflict'
  | 'settings_invalid'
  | 'git_clone_failed'
  | 'install_source_not_found'
  | 'install_target_exists'
  | 'package_exists'
  | 'unsafe_skill_layout';
