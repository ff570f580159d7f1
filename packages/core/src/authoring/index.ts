// `@skillset/core/authoring`: what a tool that writes or reviews skills needs beyond using them —
// packages, edits, checks (doctor, content risks, trigger evals) and the signing manifest.
export {
  type BudgetReport,
  checkTriggerQuality,
  DEFAULT_CHARACTER_BUDGETS,
  DOCTOR_FINDING_CODES,
  type DoctorFinding,
  type DoctorReport,
  type DoctorSeverity,
  diagnoseSkills,
  readSkillContent,
  scanContentRisks,
} from '../doctor/index.ts';
export { signatureFinding } from '../doctor/signature-finding.ts';
export {
  checkTriggerEvalThresholds,
  evaluateTriggersOffline,
  MAXIMUM_TRIGGER_EVAL_CASES,
  MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH,
  type ParsedTriggerEvalSet,
  parseTriggerEvalSet,
  runTriggerCases,
  summarizeTriggerEval,
  TRIGGER_EVAL_SET_PATH,
  type TriggerCaseResult,
  type TriggerEvalCase,
  type TriggerEvalReport,
} from '../evals/index.ts';
export { MAX_SKILL_NAME_LENGTH } from '../format/check-skill-name.ts';
export { FIELD_ALIASES } from '../format/field-names.ts';
export { serializeSkill } from '../format/serialize-skill.ts';
export {
  DEFAULT_SKILL_LIMITS,
  resolveSkillLimits,
  type SkillLimits,
} from '../format/skill-limits.ts';
export { checkSkillPathLimits, describeSkillPath } from '../format/skill-path-limits.ts';
export {
  type ReadSkillPackageResult,
  readSkillMarkdownUpload,
  readSkillPackage,
  type SkillPackageContents,
  type SkillPackageFile,
  type WriteSkillPackageOptions,
  writeSkillPackage,
} from '../package/index.ts';
export {
  buildSkillSigningManifest,
  canonicalJson,
  readSkillFiles,
  serializeSkillSigningManifest,
} from '../provenance/index.ts';
export { applySkillEdit, checkSkillWrite, patchSkillFrontmatter } from '../tools/index.ts';
export {
  checkSkillEditInput,
  skillEditInputShape,
  skillMetadataInputShape,
  toSkillEdit,
} from '../tools/skill-edit-input.ts';
export { toFrontmatterFields } from '../tools/skill-fields-schema.ts';
export { skillFieldsInputShape, skillTextOfFields } from '../tools/skill-text-of-fields.ts';
