/** The codes of the `SkillsetError`s the Node script runner and skill folder cache throw. */
export type SkillScriptErrorCode =
  | 'scratch_file_not_found'
  | 'scratch_path_outside'
  | 'skill_folder_unavailable';
