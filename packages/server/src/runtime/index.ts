export { type AuthStore, createCachedAuthStore } from './create-cached-auth-store.ts';
export {
  createStoreSkillSource,
  type StoreSkillSource,
  type StoreSkillSourceOptions,
  storedSkillPath,
} from './create-store-skill-source.ts';
export {
  type InvokedSkill,
  type InvokeForApiOptions,
  type InvokeForApiResult,
  invokeForApi,
} from './invoke-for-api.ts';
export {
  createPolicyResolver,
  type PolicyResolver,
  type PolicyResolverOptions,
  type ResolvedPolicy,
} from './policy-resolver.ts';
export {
  type RenderPromptOptions,
  type RenderPromptResult,
  renderPrompt,
} from './render-prompt.ts';
export {
  createSkillRuntime,
  type RuntimeScope,
  type SkillRuntime,
  type SkillRuntimeOptions,
} from './skill-runtime.ts';
export { type StoredSubjectSource, storedSkillSubject } from './stored-skill-subject.ts';
export { createUsageRecorder, type SkillUse, type UsageRecorder } from './usage-recorder.ts';
export { listAllowedEntries, workspaceGate } from './workspace-gate.ts';
export { createWorkspaceSkills, type WorkspaceSkills } from './workspace-skills.ts';
