export type { ActivatableSkill, SkillLookup } from './activatable-skill.ts';
export {
  type ActivateOptions,
  type ActivateResult,
  type Activation,
  activate,
  type ForkActivation,
  type InlineActivation,
} from './activate.ts';
export {
  type ActivationSession,
  type CreateActivationSessionOptions,
  createActivationSession,
} from './activation-session.ts';
export type { ArgumentValue } from './argument-value.ts';
export {
  type ArgumentInput,
  type BindArgumentsOptions,
  type BindArgumentsResult,
  type BoundArguments,
  bindArguments,
  defaultArguments,
} from './bind-arguments.ts';
export {
  type CheckSkillReferencesOptions,
  checkSkillReferences,
} from './check-skill-references.ts';
export { type FormatUsageOptions, formatUsage } from './format-usage.ts';
export type {
  InvocationError,
  InvocationErrorCode,
  InvocationIssue,
} from './invocation-error.ts';
export {
  DEFAULT_INVOCATION_PREFIXES,
  type Invocation,
  MAX_STACKED_INVOCATIONS,
  type ParseInvocationOptions,
  type ParseInvocationResult,
  parseInvocation,
} from './parse-invocation.ts';
export {
  MAX_LISTED_SKILL_FILES,
  type RenderInlineSkillOptions,
  renderInlineSkill,
} from './render-inline-skill.ts';
export {
  type RenderSkillBodyOptions,
  type RenderSkillBodyResult,
  renderSkillBody,
} from './render-skill-body.ts';
export {
  type ResolveReferencesOptions,
  type ResolveReferencesResult,
  resolveReferences,
} from './resolve-references.ts';
export { type TokenizeArgumentsResult, tokenizeArguments } from './tokenize-arguments.ts';
