/** What a turn reports while it runs, in order; the last event is `finish` or `error`. */
export type AgentEvent =
  | {
      type: 'activation';
      skill: string;
      kind: 'inline' | 'fork';
      /** `user`: a `/name` in the message; `model`: a `use_skill` call. */
      by: 'user' | 'model';
      /** The skill was already active: only a short note entered the conversation. */
      alreadyActive: boolean;
    }
  /** Something the person should know that does not stop the turn (e.g. an unknown `/name`). */
  | { type: 'notice'; message: string }
  | { type: 'text-delta'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: unknown }
  | {
      type: 'tool-result';
      toolCallId: string;
      toolName: string;
      output: unknown;
      isError: boolean;
    }
  | { type: 'finish'; text: string }
  /** The turn failed or was refused; nothing of it stays in the conversation. */
  | { type: 'error'; message: string };
