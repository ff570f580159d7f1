export {
  checkSkillName,
  MAX_SKILL_NAME_LENGTH,
  type SkillNameProblem,
  suggestSkillName,
} from './check-skill-name.ts';
export {
  canonicalFieldName,
  FIELD_ALIASES,
  MANIFEST_FIELDS,
  type ManifestField,
  SPEC_FIELDS,
} from './field-names.ts';
export { frontmatterLength } from './frontmatter-length.ts';
export { SKILL_ISSUE_CODES, type SkillIssueCode } from './issue-codes.ts';
export { type ParseSkillOptions, type ParseSkillResult, parseSkill } from './parse-skill.ts';
export {
  type FieldPositions,
  MAX_COMPATIBILITY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
} from './read-skill-manifest.ts';
export { serializeSkill } from './serialize-skill.ts';
export { DEFAULT_SKILL_LIMITS, resolveSkillLimits, type SkillLimits } from './skill-limits.ts';
export type { SkillProfile } from './skill-profile.ts';
