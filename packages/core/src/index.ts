export { SkillsetError, type SkillsetErrorOptions } from './errors/skillset-error.ts';
export type { SkillIssue, SkillIssueSeverity } from './skill/skill-issue.ts';
export type {
  SkillArgument,
  SkillArgumentType,
  SkillContext,
  SkillManifest,
  SkillRequirements,
} from './skill/skill-manifest.ts';
export { createManifest } from './skill/create-manifest.ts';
export { compareScopes, SKILL_SCOPES, type SkillScope } from './skill/skill-scope.ts';
