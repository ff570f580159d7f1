import { describe, expect, it } from 'vitest';
import { createChatSessions } from './chat-sessions.ts';

describe('createChatSessions', () => {
  it('keeps a conversation per key and drops the least recently used idle one at the cap', () => {
    const sessions = createChatSessions(2);
    const first = sessions.open('a', 'chat');
    first.activeSkills.push('haiku');
    sessions.open('b', 'chat');
    expect(sessions.open('a', 'chat')).toBe(first);
    sessions.open('c', 'chat');
    expect(sessions.peek('a')).toBe(first);
    expect(sessions.peek('b')).toBeUndefined();
    expect(sessions.size).toBe(2);
  });

  it('never drops a conversation whose turn is running', () => {
    const sessions = createChatSessions(1);
    sessions.open('a', 'chat').busy = true;
    sessions.open('b', 'chat');
    expect(sessions.peek('a')?.busy).toBe(true);
  });
});
