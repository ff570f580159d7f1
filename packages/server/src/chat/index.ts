export { type ApprovalOutcome, type ChatApprovals, createChatApprovals } from './chat-approvals.ts';
export { type ChatModel, createChatModel } from './chat-model.ts';
export { type ChatScriptOptions, type ChatScripts, createChatScripts } from './chat-scripts.ts';
export {
  type ChatApprovalRequest,
  type ChatDataParts,
  type ChatUIMessage,
  presentApprovalRequest,
} from './chat-ui-message.ts';
export {
  type ChatOptions,
  type ChatPromptInput,
  type ChatService,
  type ChatTurnInput,
  createChatService,
} from './create-chat-service.ts';
