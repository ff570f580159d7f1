import type { AgentApprovalRequest } from '@skillset/agent';
import { describeApprovalRequest } from '@skillset/agent';
import type { UIMessage } from 'ai';
import type { ApprovalOutcome } from './chat-approvals.ts';

/** Who made the revision whose script a run question is about, and the secrets the run gets. */
export interface ChatApprovalRun {
  /** The user (or agent) id of who made the skill's revision; null when unknown. */
  author: string | null;
  /** The names of the secrets the run gets (never values). */
  secrets: string[];
}

/** What a person is asked to approve, as the stream sends it. */
export type ChatApprovalRequest =
  | { kind: 'skill'; skill: string; tool: string; description: string; run?: ChatApprovalRun }
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

/**
 * The approval request as the stream shows it: what is asked, in one line, without the policy
 * internals; a script run's also says who answers it when that is not the asker.
 */
export function presentApprovalRequest(
  request: AgentApprovalRequest,
  run?: ChatApprovalRun & { askedByAuthor: boolean },
): ChatApprovalRequest {
  const description = describeApprovalRequest(request);
  if (request.kind === 'tool') {
    return { kind: 'tool', tool: request.tool, input: request.input, description };
  }
  if (run === undefined)
    return { kind: 'skill', skill: request.skill, tool: request.tool, description };
  const { askedByAuthor, ...shown } = run;
  const who =
    shown.secrets.length > 0
      ? ' A run with a secret is answered by an admin who did not make this revision of the skill.'
      : askedByAuthor
        ? ' Whoever made this revision of the skill does not answer it: an admin does.'
        : '';
  return {
    kind: 'skill',
    skill: request.skill,
    tool: request.tool,
    description: `${description}${who}`,
    run: shown,
  };
}
