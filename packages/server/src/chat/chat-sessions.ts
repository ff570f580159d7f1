import type { ModelMessage } from 'ai';

/** One conversation of `POST /api/chat`: what the next turn continues from. */
export interface ChatState {
  readonly id: string;
  history: ModelMessage[];
  activeSkills: string[];
  /** A turn is running; a second one waits for it to end. */
  busy: boolean;
}

/** The conversations kept in memory, keyed by (principal, agent, chat id); least recently used dropped. */
export interface ChatSessions {
  /** The conversation under `key`, created when absent, and marked most recently used. */
  open(key: string, id: string): ChatState;
  /** The conversation under `key`, without creating or touching it. */
  peek(key: string): ChatState | undefined;
  readonly size: number;
}

/** Creates {@link ChatSessions} holding at most `maximum` conversations (never dropping a busy one). */
export function createChatSessions(maximum: number): ChatSessions {
  const chats = new Map<string, ChatState>();
  const dropOldestIdle = () => {
    for (const [key, chat] of chats) {
      if (!chat.busy) {
        chats.delete(key);
        return;
      }
    }
  };
  return {
    open(key, id) {
      let chat = chats.get(key);
      if (chat === undefined) {
        if (chats.size >= maximum) dropOldestIdle();
        chat = { id, history: [], activeSkills: [], busy: false };
      } else chats.delete(key);
      chats.set(key, chat);
      return chat;
    },
    peek: (key) => chats.get(key),
    get size() {
      return chats.size;
    },
  };
}
