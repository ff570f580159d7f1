export {
  checkPermission,
  findMatchingRules,
  preapprovesOwnScripts,
  RUN_SCRIPTS_TOOL,
} from './check-permission.ts';
export { listConfigKeys } from './config-keys.ts';
export { CONTENT_RISK_POLICIES, type ContentRiskPolicy } from './content-risk-policy.ts';
export {
  type ApprovalRequest,
  type ApproveFunction,
  createPolicyGate,
  type GateFailureCode,
  type GateLookupOptions,
  type GateResult,
  type PolicyGate,
  type PolicyGateOptions,
} from './create-policy-gate.ts';
export { decide, type PolicyDecision } from './decide.ts';
export {
  type EligibilityMissing,
  type EligibilityResult,
  evaluateEligibility,
  normalizePlatform,
} from './evaluate-eligibility.ts';
export { createJsonPathLocator } from './locate-json-path.ts';
export { isGlobPattern, matchesPattern } from './match-pattern.ts';
export {
  MCP_SERVER_CONFIG_KEYS,
  MCP_SERVER_LABEL_PATTERN,
  type McpServerConfig,
  mcpServerConfigSchema,
  mcpServersConfigSchema,
} from './mcp-server-config-schema.ts';
export { mergePolicyConfigs } from './merge-policy-configs.ts';
export {
  formatConfigPath,
  formatPolicyConfigIssues,
  type ParsePolicyConfigOptions,
  type PolicyConfigIssue,
  parsePolicyConfig,
  type SafeParsePolicyConfigResult,
  safeParsePolicyConfig,
} from './parse-policy-config.ts';
export {
  PERMISSION_ACTIONS,
  type PermissionAction,
  type PermissionRule,
} from './permission-rule.ts';
export { policyConfigJsonSchema } from './policy-config-json-schema.ts';
export {
  type PolicyConfig,
  permissionRuleSchema,
  policyConfigSchema,
} from './policy-config-schema.ts';
export {
  type AgentPolicySettings,
  createPolicyContext,
  LOCAL_PRINCIPAL,
  type PolicyContext,
  type PolicyContextOptions,
  type PolicyPrincipal,
  type WorkspacePolicySettings,
} from './policy-context.ts';
export {
  createPolicyEnvironment,
  type PolicyEnvironment,
  type PolicyEnvironmentOptions,
} from './policy-environment.ts';
export {
  createPolicyReason,
  POLICY_STEPS,
  type PolicyOutcome,
  type PolicyReason,
  type PolicyStep,
} from './policy-reason.ts';
export type { PolicyStepEvaluator } from './policy-step-evaluator.ts';
export {
  checkAllowlist,
  checkContent,
  checkEligibility,
  checkEnabled,
  checkIntegration,
  checkInvocation,
  checkScope,
  checkSignature,
  POLICY_STEP_EVALUATORS,
} from './policy-steps.ts';
export type { PolicySubject } from './policy-subject.ts';
export {
  ENTRY_POINT_SURFACES,
  isPolicySurface,
  POLICY_SURFACES,
  type PolicySurface,
  resolvePolicySurface,
  type SkillEntryPoint,
} from './policy-surface.ts';
export { positionAt, type TextPosition } from './position-at.ts';
