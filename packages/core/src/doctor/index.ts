export {
  type AnalyzeBudgetsOptions,
  type AnalyzeBudgetsResult,
  analyzeBudgets,
  type BudgetReport,
  DEFAULT_CHARACTER_BUDGETS,
} from './analyze-budgets.ts';
export { type CheckTriggerQualityOptions, checkTriggerQuality } from './check-trigger-quality.ts';
export { scanContentRisksCached } from './content-risk-cache.ts';
export {
  type DiagnoseSkillsOptions,
  type DoctorReport,
  type DoctorSkillReport,
  type DoctorSummary,
  diagnoseSkills,
} from './diagnose-skills.ts';
export {
  CONTENT_RISK_CODES,
  DOCTOR_FINDING_CODES,
  type DoctorCategory,
  type DoctorFinding,
  type DoctorFindingCode,
  type DoctorSeverity,
} from './doctor-finding.ts';
export { type FindCollisionsOptions, findCollisions } from './find-collisions.ts';
export { maskQuotedMarkdown } from './mask-quoted-markdown.ts';
export { readSkillContent, type SkillContent } from './read-skill-content.ts';
export {
  type ScanContentRisksOptions,
  type SkillContentFile,
  scanContentRisks,
} from './scan-content-risks.ts';
export { isScriptFile, SCRIPT_EXTENSIONS, scanScript } from './scan-script.ts';
export { scanSkillText } from './scan-skill-text.ts';
export { hasTriggerCue, MINIMUM_DESCRIPTION_LENGTH, TRIGGER_CUES } from './trigger-cues.ts';
