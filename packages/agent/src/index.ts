export {
  type AgentApprovalRequest,
  type AgentApproveFunction,
  describeApprovalRequest,
} from './agent-approval.ts';
export type { AgentEvent } from './agent-event.ts';
export type { AgentCatalogOptions, AgentPrompt } from './assemble-agent-prompt.ts';
export {
  type AgentSession,
  type AgentSkillUse,
  type CreateAgentOptions,
  createAgent,
} from './create-agent.ts';
export { describeModelError } from './describe-model-error.ts';
export {
  type EvaluateTriggersWithModelOptions,
  evaluateTriggersWithModel,
} from './evaluate-triggers-with-model.ts';
export { MODEL_PROVIDERS, type ModelConfigErrorCode, resolveModel } from './resolve-model.ts';
