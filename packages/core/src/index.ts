export {
  type CatalogEntry,
  type CatalogFormat,
  type CatalogMode,
  type CatalogSkill,
  countTokens,
  DEFAULT_CATALOG_BUDGET,
  DEFAULT_DESCRIBED_ENTRIES,
  escapeXml,
  MAXIMUM_CATALOG_DESCRIPTION_LENGTH,
  type RenderCatalogOptions,
  type RenderCatalogResult,
  renderCatalog,
} from './catalog/index.ts';
export {
  type AnalyzeBudgetsOptions,
  type AnalyzeBudgetsResult,
  analyzeBudgets,
  type BudgetReport,
  type CheckTriggerQualityOptions,
  CONTENT_RISK_CODES,
  checkTriggerQuality,
  DEFAULT_CHARACTER_BUDGETS,
  type DiagnoseSkillsOptions,
  DOCTOR_FINDING_CODES,
  type DoctorCategory,
  type DoctorFinding,
  type DoctorFindingCode,
  type DoctorReport,
  type DoctorSeverity,
  type DoctorSkillReport,
  type DoctorSummary,
  diagnoseSkills,
  type FindCollisionsOptions,
  findCollisions,
  hasTriggerCue,
  isScriptFile,
  MINIMUM_DESCRIPTION_LENGTH,
  maskQuotedMarkdown,
  readSkillContent,
  SCRIPT_EXTENSIONS,
  type ScanContentRisksOptions,
  type SkillContent,
  type SkillContentFile,
  scanContentRisks,
  scanContentRisksCached,
  scanScript,
  scanSkillText,
  TRIGGER_CUES,
} from './doctor/index.ts';
export { SkillsetError, type SkillsetErrorOptions } from './errors/skillset-error.ts';
export type { SkillsetErrorCode } from './errors/skillset-error-code.ts';
export {
  checkTriggerEvalThresholds,
  DEFAULT_TRIGGER_EVAL_TOP,
  type EvaluateTriggersOfflineOptions,
  evaluateTriggersOffline,
  judgeTriggerCase,
  MAXIMUM_TRIGGER_EVAL_CASES,
  MAXIMUM_TRIGGER_EVAL_QUERY_LENGTH,
  type ParsedTriggerEvalSet,
  parseTriggerEvalSet,
  readTriggerEvalSet,
  summarizeTriggerEval,
  TRIGGER_EVAL_SCORE_SHARE,
  TRIGGER_EVAL_SET_PATH,
  type TriggerCaseResult,
  type TriggerEvalCase,
  type TriggerEvalReport,
  type TriggerEvalThresholds,
} from './evals/index.ts';
export { guessMimeType, isTextMimeType } from './files/guess-mime-type.ts';
export {
  checkSkillName,
  MAX_SKILL_NAME_LENGTH,
  type SkillNameProblem,
  suggestSkillName,
} from './format/check-skill-name.ts';
export {
  canonicalFieldName,
  FIELD_ALIASES,
  MANIFEST_FIELDS,
  type ManifestField,
  SPEC_FIELDS,
} from './format/field-names.ts';
export { frontmatterLength } from './format/frontmatter-length.ts';
export { SKILL_ISSUE_CODES, type SkillIssueCode } from './format/issue-codes.ts';
export { type ParseSkillOptions, type ParseSkillResult, parseSkill } from './format/parse-skill.ts';
export {
  type FieldPositions,
  MAX_COMPATIBILITY_LENGTH,
  MAX_DESCRIPTION_LENGTH,
} from './format/read-skill-manifest.ts';
export { serializeSkill } from './format/serialize-skill.ts';
export {
  DEFAULT_SKILL_LIMITS,
  resolveSkillLimits,
  type SkillLimits,
} from './format/skill-limits.ts';
export {
  checkSkillPathLimits,
  describeSkillPath,
  MAX_SKILL_PATH_BYTES,
  MAX_SKILL_PATH_DEPTH,
  MAX_SKILL_PATH_SEGMENT_BYTES,
  type SkillPathAllowance,
  type SkillPathLimitProblem,
} from './format/skill-path-limits.ts';
export type { SkillProfile } from './format/skill-profile.ts';
export type { ActivatableSkill, SkillLookup } from './invoke/activatable-skill.ts';
export {
  type ActivateOptions,
  type ActivateResult,
  type Activation,
  activate,
  type ForkActivation,
  type InlineActivation,
} from './invoke/activate.ts';
export {
  type ActivationSession,
  type CreateActivationSessionOptions,
  createActivationSession,
} from './invoke/activation-session.ts';
export type { ArgumentValue } from './invoke/argument-value.ts';
export {
  type ArgumentInput,
  type BindArgumentsOptions,
  type BindArgumentsResult,
  type BoundArguments,
  bindArguments,
  defaultArguments,
} from './invoke/bind-arguments.ts';
export {
  type CheckSkillReferencesOptions,
  checkSkillReferences,
} from './invoke/check-skill-references.ts';
export { type FormatUsageOptions, formatUsage } from './invoke/format-usage.ts';
export type {
  InvocationError,
  InvocationErrorCode,
  InvocationIssue,
} from './invoke/invocation-error.ts';
export {
  describeInvocation,
  type InvocationDecide,
  type InvokeMessageOptions,
  type InvokeMessageResult,
  invokeMessage,
  loadEntriesByName,
  type MessageActivation,
  type RefusedInvocation,
} from './invoke/invoke-message.ts';
export {
  DEFAULT_INVOCATION_PREFIXES,
  type Invocation,
  MAX_STACKED_INVOCATIONS,
  type ParseInvocationOptions,
  type ParseInvocationResult,
  parseInvocation,
} from './invoke/parse-invocation.ts';
export {
  MAX_LISTED_SKILL_FILES,
  type RenderInlineSkillOptions,
  renderInlineSkill,
} from './invoke/render-inline-skill.ts';
export {
  type RenderSkillBodyOptions,
  type RenderSkillBodyResult,
  renderSkillBody,
} from './invoke/render-skill-body.ts';
export {
  type ResolveReferencesOptions,
  type ResolveReferencesResult,
  resolveReferences,
} from './invoke/resolve-references.ts';
export { type TokenizeArgumentsResult, tokenizeArguments } from './invoke/tokenize-arguments.ts';
export {
  COMPRESSION_RATIO_FLOOR_BYTES,
  DEFAULT_MAX_COMPRESSION_RATIO,
  PACKAGE_ISSUE_CODES,
  type PackageIssueCode,
  type ReadSkillMarkdownUploadOptions,
  type ReadSkillPackageOptions,
  type ReadSkillPackageResult,
  readSkillMarkdownUpload,
  readSkillPackage,
  type SkillPackageContents,
  type SkillPackageFile,
  type SkillPackageRefusal,
  type WriteSkillPackageOptions,
  writeSkillPackage,
} from './package/index.ts';
export {
  type AgentPolicySettings,
  CONTENT_RISK_POLICIES,
  type ContentRiskPolicy,
  createPolicyContext,
  createPolicyEnvironment,
  decide,
  type EligibilityMissing,
  type EligibilityResult,
  ENTRY_POINT_SURFACES,
  evaluateEligibility,
  isPolicySurface,
  LOCAL_PRINCIPAL,
  MCP_SERVER_LABEL_PATTERN,
  type McpServerConfig,
  matchesPattern,
  mcpServerConfigSchema,
  mcpServersConfigSchema,
  mergePolicyConfigs,
  type ParsePolicyConfigOptions,
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionRule,
  POLICY_SURFACES,
  type PolicyConfig,
  type PolicyConfigIssue,
  type PolicyContext,
  type PolicyContextOptions,
  type PolicyDecision,
  type PolicyEnvironment,
  type PolicyEnvironmentOptions,
  type PolicyOutcome,
  type PolicyPrincipal,
  type PolicyReason,
  type PolicyStep,
  type PolicySubject,
  type PolicySurface,
  parsePolicyConfig,
  policyConfigJsonSchema,
  policyConfigSchema,
  resolvePolicySurface,
  type SafeParsePolicyConfigResult,
  type SkillEntryPoint,
  safeParsePolicyConfig,
  type WorkspacePolicySettings,
} from './policy/index.ts';
export { catalogSkillOf } from './registry/catalog-skill-of.ts';
export { closestNames } from './registry/closest-names.ts';
export {
  createRegistry,
  type RegistryOptions,
  type SkillRegistry,
  type SkillRegistryListener,
} from './registry/create-registry.ts';
export {
  type LoadActivatableSkillOptions,
  loadActivatableSkill,
} from './registry/load-activatable-skill.ts';
export type {
  ListSkillsOptions,
  LoadedSkill,
  SkillEntry,
  SkillRegistryChange,
  SkillRegistryIssue,
  SkillShadow,
} from './registry/skill-entry.ts';
export {
  analyzeSkill,
  buildInvertedIndex,
  cosineSimilarity,
  createHybridSkillSearch,
  createSkillIndex,
  DEFAULT_INDEX_SETTINGS,
  type EmbeddingCache,
  type EmbeddingFunction,
  explainSkillMatch,
  type FusedResult,
  type FuseRankingsOptions,
  type FusionInput,
  fuseRankings,
  type HybridSkillSearch,
  type HybridSkillSearchOptions,
  hashSkillContent,
  type InvertedIndex,
  type InvertedIndexSettings,
  matchSkillWords,
  type RankedSkill,
  type RankerData,
  type SearchSkillsOptions,
  type SkillAnalysis,
  type SkillIndex,
  type SkillIndexOptions,
  type SkillMatch,
  type SkillSearchHit,
  type SynonymTable,
  searchSkills,
  splitWords,
} from './search/index.ts';
export type { CoreIssueCode, SkillWriteIssueCode } from './skill/core-issue-code.ts';
export { createManifest } from './skill/create-manifest.ts';
export type { SkillIssue, SkillIssueSeverity } from './skill/skill-issue.ts';
export type {
  SkillArgument,
  SkillArgumentType,
  SkillContext,
  SkillManifest,
  SkillRequirements,
} from './skill/skill-manifest.ts';
export { compareScopes, SKILL_SCOPES, type SkillScope, scopeRank } from './skill/skill-scope.ts';
export {
  createMemorySource,
  type MemorySkillInput,
  type MemorySkillSource,
  type MemorySourceOptions,
} from './source/create-memory-source.ts';
export { type CreateSkillRecordOptions, createSkillRecord } from './source/create-skill-record.ts';
export { normalizeSkillFilePath } from './source/normalize-skill-file-path.ts';
export type {
  SkillChangeType,
  SkillFileInfo,
  SkillOrigin,
  SkillRecord,
  SkillSource,
  SkillSourceChange,
  SkillSourceIssue,
  SkillSourceListener,
  SkillSourceSnapshot,
} from './source/skill-source.ts';
export { SOURCE_ISSUE_CODES, type SourceIssueCode } from './source/source-issue-codes.ts';
export {
  type ApplySkillEditResult,
  type ApprovalRequest,
  type ApproveFunction,
  type AvailableTool,
  applySkillEdit,
  type CheckSkillWriteOptions,
  type CheckSkillWriteResult,
  checkSkillWrite,
  createDispatchTools,
  createMemorySkillStore,
  createPolicyGate,
  createReadSkillFileTool,
  createSandboxSkillsApi,
  createSearchSkillsTool,
  createSkillTools,
  createUseSkillTool,
  DEFAULT_MAX_FILE_BYTES,
  type DefineSkillToolOptions,
  type DispatchToolsOptions,
  defineSkillTool,
  describeFileContent,
  type FileContent,
  formatToolResult,
  type GateFailureCode,
  type GateLookupOptions,
  type GateResult,
  isStrictInputSchema,
  type ListedSkill,
  MAX_SEARCH_LIMIT,
  type MemorySkillStoreOptions,
  type NewStoredSkill,
  omitNullOptionals,
  type PatchSkillFrontmatterResult,
  type PolicyGate,
  type PolicyGateOptions,
  patchSkillFrontmatter,
  type ReadSkillData,
  type ReadSkillFileData,
  type ReadSkillFileToolOptions,
  type RunForkFunction,
  renderForkRequest,
  runNamedTool,
  type SandboxSkill,
  type SandboxSkillSummary,
  type SandboxSkillsApi,
  type SandboxSkillsApiOptions,
  type SearchSkillsToolOptions,
  SKILL_ENUM_LIMIT,
  type SkillEdit,
  type SkillStore,
  type SkillTool,
  type SkillToolError,
  type SkillToolFailure,
  type SkillToolResult,
  type SkillToolSuccess,
  type SkillToolsOptions,
  type ToolFailureDetails,
  type ToolInputSchema,
  toInputSchema,
  toolFailure,
  toolFailureFromError,
  toolSuccess,
  toStrictInputSchema,
  type UseSkillData,
  type UseSkillToolOptions,
} from './tools/index.ts';
export {
  checkSkillEditInput,
  SKILL_EDIT_OPERATIONS,
  type SkillEditInput,
  skillEditInputShape,
  skillMetadataInputShape,
  toSkillEdit,
} from './tools/skill-edit-input.ts';
export { toFrontmatterFields } from './tools/skill-fields-schema.ts';
export {
  type SkillFieldsInput,
  skillFieldsInputShape,
  skillTextOfFields,
} from './tools/skill-text-of-fields.ts';
export { type SkillTextParts, splitSkillText } from './tools/split-skill-text.ts';
