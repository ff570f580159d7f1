/** How serious a doctor finding is: `error` fails `skillset doctor` (exit 1). */
export type DoctorSeverity = 'error' | 'warning' | 'info';

/** What a finding is about: the catalog budget, collisions, trigger quality, content risks, or format. */
export type DoctorCategory = 'budget' | 'collision' | 'trigger' | 'content' | 'format';

/** Every stable code a doctor finding carries; new codes are added, existing ones never renamed. */
export const DOCTOR_FINDING_CODES = [
  'budget_usage',
  'budget_descriptions_dropped',
  'budget_skills_omitted',
  'large_description',
  'description_collision',
  'shadowed_skill',
  'missing_trigger_cue',
  'description_too_short',
  'description_too_long',
  'name_folder_mismatch',
  'invalid_skill',
  'instruction_override',
  'hidden_characters',
  'hidden_html_comment',
  'script_network_access',
  'script_reads_credentials',
  'script_writes_outside',
  'skill_unsigned',
  'signature_invalid',
] as const;

/** A stable snake_case code of a doctor finding. */
export type DoctorFindingCode = (typeof DOCTOR_FINDING_CODES)[number];

/** One thing the doctor found, with where it is and how to fix it. */
export interface DoctorFinding {
  code: DoctorFindingCode;
  severity: DoctorSeverity;
  category: DoctorCategory;
  /** The skill concerned; absent for a finding about the whole set. */
  skill?: string;
  /** The file concerned (as the registry names it). */
  file?: string;
  /** The 1-based line in `file`. */
  line?: number;
  message: string;
  /** A concrete change that makes the finding go away. */
  fix: string;
  /** Other skills involved (the colliding or shadowed one). */
  related?: string[];
}

/** The content-risk codes: what `contentRisks: "block"` refuses. */
export const CONTENT_RISK_CODES: readonly DoctorFindingCode[] = [
  'instruction_override',
  'hidden_characters',
  'hidden_html_comment',
  'script_network_access',
  'script_reads_credentials',
  'script_writes_outside',
];
