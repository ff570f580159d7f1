import type { DoctorFinding } from './use-doctor-report.ts';

/** Each finding code in plain words, as the title of its group on the Health page. */
export const FINDING_TITLES: Record<DoctorFinding['code'], string> = {
  budget_usage: 'Catalog budget use',
  budget_descriptions_dropped: 'Descriptions dropped from the catalog',
  budget_skills_omitted: 'Skills left out of the catalog',
  large_description: 'Description takes much of the budget',
  description_collision: 'Descriptions too much alike',
  shadowed_skill: 'Skill hidden by another of the same name',
  missing_trigger_cue: 'Description does not say when to use the skill',
  description_too_short: 'Description too short',
  description_too_long: 'Description too long',
  name_folder_mismatch: 'Name differs from its folder',
  invalid_skill: 'Skill that does not parse',
  instruction_override: 'Text that overrides instructions',
  hidden_characters: 'Hidden characters',
  hidden_html_comment: 'Hidden HTML comment',
  script_network_access: 'Script reaches the network',
  script_reads_credentials: 'Script reads credentials',
  script_writes_outside: 'Script writes outside its folder',
  skill_unsigned: 'Skill not signed',
  signature_invalid: 'Signature does not match',
};
