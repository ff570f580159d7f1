import type { UIMessage } from 'ai';

/** What a person is asked to approve, as the stream sends it. */
export type ApprovalRequest =
  | { kind: 'skill'; skill: string; tool: string; description: string }
  | { kind: 'tool'; tool: string; input: unknown; description: string };

/** The `data-*` parts of `POST /api/chat` (the server's `ChatDataParts`). */
export type PlaygroundDataParts = {
  activation: {
    skill: string;
    kind: 'inline' | 'fork';
    by: 'user' | 'model';
    alreadyActive: boolean;
  };
  notice: { message: string };
  approval: {
    id: string;
    request: ApprovalRequest;
    /** `always`: approved and remembered while the skill stays the same. */
    status: 'pending' | 'approved' | 'always' | 'refused' | 'expired' | 'cancelled';
  };
};

/** A message of the playground's chat. */
export type PlaygroundMessage = UIMessage<never, PlaygroundDataParts>;

/** The text of a message's text parts. */
export function messageText(message: PlaygroundMessage): string {
  return message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('\n');
}
