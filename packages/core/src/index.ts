export {
  type CatalogFormat,
  type CatalogMode,
  type CatalogSkill,
  countTokens,
  DEFAULT_CATALOG_BUDGET,
  escapeXml,
  type RenderCatalogOptions,
  type RenderCatalogResult,
  renderCatalog,
} from './catalog/index.ts';
export { SkillsetError } from './errors/skillset-error.ts';
export type { SkillsetErrorCode } from './errors/skillset-error-code.ts';
export { guessMimeType, isTextMimeType } from './files/guess-mime-type.ts';
export { checkSkillName } from './format/check-skill-name.ts';
export { type ParseSkillResult, parseSkill } from './format/parse-skill.ts';
export type { SkillLookup } from './invoke/activatable-skill.ts';
export type { Activation, ForkActivation } from './invoke/activate.ts';
export { type ActivationSession, createActivationSession } from './invoke/activation-session.ts';
export { checkSkillReferences } from './invoke/check-skill-references.ts';
export type { InvocationError, InvocationErrorCode } from './invoke/invocation-error.ts';
export { describeInvocation, invokeMessage, loadEntriesByName } from './invoke/invoke-message.ts';
export {
  type ApproveFunction,
  CONTENT_RISK_POLICIES,
  createPolicyContext,
  createPolicyGate,
  decide,
  type EligibilityMissing,
  type EligibilityResult,
  evaluateEligibility,
  isPolicySurface,
  type McpServerConfig,
  matchesPattern,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionRule,
  POLICY_SURFACES,
  type PolicyConfig,
  type PolicyContext,
  type PolicyContextOptions,
  type PolicyDecision,
  type PolicyEnvironment,
  type PolicyGate,
  type PolicyGateOptions,
  type PolicyReason,
  type PolicySubject,
  type PolicySurface,
  policyConfigJsonSchema,
  type SkillEntryPoint,
} from './policy/index.ts';
export {
  parseTrustedSigners,
  type SkillSignatureStatus,
  type TrustedSigners,
  verifySkillSignature,
} from './provenance/index.ts';
export { verifyEntrySignature } from './provenance/verify-entry-signature.ts';
export { catalogSkillOf } from './registry/catalog-skill-of.ts';
export { closestNames } from './registry/closest-names.ts';
export {
  createRegistry,
  type RegistryOptions,
  type SkillRegistry,
} from './registry/create-registry.ts';
export type { LoadedSkill, SkillEntry } from './registry/skill-entry.ts';
export {
  createHybridSkillSearch,
  createSkillIndex,
  type EmbeddedSkills,
  explainSkillMatch,
  type HybridSkillSearchOptions,
  type InvertedIndex,
  matchSkillWords,
  type RankerData,
  type SkillAnalysis,
  type SkillIndex,
  type SkillMatch,
  splitWords,
  type WordVectors,
} from './search/index.ts';
export type { CoreIssueCode } from './skill/core-issue-code.ts';
export { createManifest } from './skill/create-manifest.ts';
export type { SkillIssue } from './skill/skill-issue.ts';
export type { SkillArgument, SkillManifest, SkillRequirements } from './skill/skill-manifest.ts';
export { SKILL_SCOPES, type SkillScope, scopeRank } from './skill/skill-scope.ts';
export { createMemorySource, type MemorySkillInput } from './source/create-memory-source.ts';
export { createSkillRecord } from './source/create-skill-record.ts';
export { normalizeSkillFilePath } from './source/normalize-skill-file-path.ts';
export type {
  SkillFileInfo,
  SkillRecord,
  SkillSource,
  SkillSourceChange,
  SkillSourceIssue,
  SkillSourceListener,
  SkillSourceSnapshot,
} from './source/skill-source.ts';
export type { SourceIssueCode } from './source/source-issue-codes.ts';
export { principalKindOf, withSkillSpan } from './telemetry/index.ts';
export {
  type ApprovalKey,
  type AvailableTool,
  createSkillTools,
  type RememberedApprovals,
  type RememberingApprovalAnswer,
  type RememberingApprovalRequest,
  rememberApprovals,
  SCRIPT_TOOL_NAMES,
  type SecretsForFunction,
  type SkillScriptRunRecord,
  type SkillScriptToolsOptions,
  type SkillStore,
  type SkillTool,
  type SkillToolResult,
  type SkillToolsOptions,
  type UseSkillData,
} from './tools/index.ts';
export { splitSkillText } from './tools/split-skill-text.ts';
