import type { AgentEvent } from '@skillset/agent';
import type { UIMessageStreamWriter } from 'ai';
import type { ChatUIMessage } from './chat-ui-message.ts';

/** Turns agent events into UI message stream chunks. */
export interface ChatStreamWriter {
  write(event: AgentEvent): void;
  /** Closes the open text block and step, and finishes the message. */
  end(): void;
}

/**
 * Writes a turn as one assistant message: text blocks from text deltas, tool parts from tool calls
 * and results, `data-activation` and `data-notice` parts, and an `error` chunk for a failed turn;
 * a new step starts when the model speaks again after tool results.
 */
export function createChatStreamWriter(
  writer: UIMessageStreamWriter<ChatUIMessage>,
): ChatStreamWriter {
  let textId: string | undefined;
  let texts = 0;
  let afterToolResult = false;
  const closeText = () => {
    if (textId === undefined) return;
    writer.write({ type: 'text-end', id: textId });
    textId = undefined;
  };
  const nextStepIfNeeded = () => {
    if (!afterToolResult) return;
    afterToolResult = false;
    writer.write({ type: 'finish-step' });
    writer.write({ type: 'start-step' });
  };
  writer.write({ type: 'start' });
  writer.write({ type: 'start-step' });
  return {
    write(event) {
      if (event.type === 'text-delta') {
        nextStepIfNeeded();
        if (textId === undefined) {
          texts += 1;
          textId = `text-${texts}`;
          writer.write({ type: 'text-start', id: textId });
        }
        writer.write({ type: 'text-delta', id: textId, delta: event.text });
        return;
      }
      closeText();
      if (event.type === 'tool-call') {
        nextStepIfNeeded();
        const { toolCallId, toolName, input } = event;
        writer.write({ type: 'tool-input-available', toolCallId, toolName, input });
      } else if (event.type === 'tool-result') {
        const { toolCallId, output } = event;
        writer.write({ type: 'tool-output-available', toolCallId, output });
        afterToolResult = true;
      } else if (event.type === 'activation') {
        const { skill, kind, by, alreadyActive } = event;
        writer.write({ type: 'data-activation', data: { skill, kind, by, alreadyActive } });
      } else if (event.type === 'notice') {
        writer.write({ type: 'data-notice', data: { message: event.message } });
      } else if (event.type === 'error') {
        writer.write({ type: 'error', errorText: event.message });
      }
    },
    end() {
      closeText();
      writer.write({ type: 'finish-step' });
      writer.write({ type: 'finish' });
    },
  };
}
