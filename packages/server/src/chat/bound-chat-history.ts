import { countTokens } from '@skillset/core';
import type { ModelMessage } from 'ai';

/** The history a conversation keeps at most, in tokens (about a fifth of a large context window). */
export const MAX_CHAT_HISTORY_TOKENS = 32_000;

/**
 * Drops the oldest whole turns (from a user message on) until the history fits `maxTokens`;
 * the last turn is always kept, so tool calls and their results never part.
 */
export function boundChatHistory(
  messages: readonly ModelMessage[],
  maxTokens = MAX_CHAT_HISTORY_TOKENS,
): ModelMessage[] {
  const sizes = messages.map((message) => countTokens(JSON.stringify(message)));
  let total = sizes.reduce((sum, size) => sum + size, 0);
  let start = 0;
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  while (total > maxTokens && start < lastUser) {
    total -= sizes[start] as number;
    start += 1;
    while (start < lastUser && messages[start]?.role !== 'user') {
      total -= sizes[start] as number;
      start += 1;
    }
  }
  return messages.slice(start);
}
