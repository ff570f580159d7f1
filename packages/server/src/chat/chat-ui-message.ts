import type { AgentApprovalRequest } from '@skillset/agent';
import { describeApprovalRequest } from '@skillset/agent';
import type { UIMessage } from 'ai';
import type { ApprovalOutcome } from './chat-approvals.ts';

/** What a person is asked to approve, as the stream sends it. */
export type ChatApprovalRequest =
  | { kind: 'skill'; skill: string; tool: string; description: string }
  | { kind: 'tool'; tool: string; input: unknown; description: string };

/** The `data-*` parts of the chat stream (DESIGN.md §11), beside text and tool parts. */
export interface ChatDataParts {
  [name: string]: unknown;
  /** A skill entered the conversation (`alreadyActive`: only a short note did). */
  activation: {
    skill: string;
    kind: 'inline' | 'fork';
    by: 'user' | 'model';
    alreadyActive: boolean;
  };
  /** Something the person should know that does not stop the turn. */
  notice: { message: string };
  /** A question for `POST /api/chat/approvals/{id}`; the same part is updated when it ends. */
  approval: { id: string; request: ChatApprovalRequest; status: 'pending' | ApprovalOutcome };
}

/** The UI message type of `POST /api/chat`, for `useChat<ChatUIMessage>()`. */
export type ChatUIMessage = UIMessage<never, ChatDataParts>;

/** The approval request as the stream shows it: what is asked, in one line, without the policy internals. */
export function presentApprovalRequest(request: AgentApprovalRequest): ChatApprovalRequest {
  const description = describeApprovalRequest(request);
  return request.kind === 'skill'
    ? { kind: 'skill', skill: request.skill, tool: request.tool, description }
    : { kind: 'tool', tool: request.tool, input: request.input, description };
}
