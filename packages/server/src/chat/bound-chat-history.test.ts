import type { ModelMessage } from 'ai';
import { describe, expect, it } from 'vitest';
import { boundChatHistory } from './bound-chat-history.ts';

const turn = (index: number): ModelMessage[] => [
  { role: 'user', content: `Question ${index}: ${'word '.repeat(200)}` },
  {
    role: 'assistant',
    content: [{ type: 'tool-call', toolCallId: `c${index}`, toolName: 'use_skill', input: {} }],
  },
  {
    role: 'tool',
    content: [
      {
        type: 'tool-result',
        toolCallId: `c${index}`,
        toolName: 'use_skill',
        output: { type: 'text', value: 'ok' },
      },
    ],
  },
  { role: 'assistant', content: `Answer ${index}` },
];

describe('boundChatHistory', () => {
  it('keeps a short history as it is', () => {
    const history = [...turn(1), ...turn(2)];
    expect(boundChatHistory(history, 10_000)).toEqual(history);
  });

  it('drops the oldest whole turns until the history fits, starting at a user message', () => {
    const history = Array.from({ length: 50 }, (_, index) => turn(index)).flat();
    const bounded = boundChatHistory(history, 2_000);
    expect(bounded[0]?.role).toBe('user');
    expect(bounded.length % 4).toBe(0);
    expect(bounded.at(-1)).toEqual(history.at(-1));
    expect(JSON.stringify(bounded).length).toBeLessThan(JSON.stringify(history).length / 5);
  });

  it('keeps the last turn even when it alone is over the bound', () => {
    const history = [...turn(1), ...turn(2)];
    expect(boundChatHistory(history, 10)).toEqual(turn(2));
  });
});
