/** The codes of the `SkillsetError`s the skill-script sandbox throws when it refuses a run. */
export type SandboxErrorCode =
  | 'invalid_script_run'
  | 'invalid_skill_file_path'
  | 'sandbox_unavailable'
  | 'script_not_found'
  | 'script_not_runnable'
  | 'script_outside_skill';
