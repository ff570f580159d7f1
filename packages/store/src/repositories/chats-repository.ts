import { and, desc, eq, sql } from 'drizzle-orm';
import type { StoreSession } from '../database/store-session.ts';
import { chatConversations } from '../schema/chat-conversations.ts';

/** A chat conversation as stored: its messages and the skills active in it. */
export interface StoredChat {
  history: unknown[];
  activeSkills: string[];
}

/** Options for {@link ChatsRepository.save}. */
export interface SaveChatOptions extends StoredChat {
  workspaceId: string;
  key: string;
  /** Conversations the workspace keeps; the least recently used beyond are dropped. */
  maxPerWorkspace: number;
}

/** The server's chat conversations, per workspace (one tenant's never evict another's). */
export interface ChatsRepository {
  get(workspaceId: string, key: string): Promise<StoredChat | undefined>;
  save(options: SaveChatOptions): Promise<void>;
}

/** Creates the chats repository over a session. */
export function createChatsRepository(session: StoreSession): ChatsRepository {
  const { database } = session;
  return {
    async get(workspaceId, key) {
      const [row] = await database
        .select({
          history: chatConversations.history,
          activeSkills: chatConversations.activeSkills,
        })
        .from(chatConversations)
        .where(and(eq(chatConversations.workspaceId, workspaceId), eq(chatConversations.key, key)));
      return row;
    },
    async save(options) {
      const values = { history: options.history, activeSkills: options.activeSkills };
      await database
        .insert(chatConversations)
        .values({ workspaceId: options.workspaceId, key: options.key, ...values })
        .onConflictDoUpdate({
          target: [chatConversations.workspaceId, chatConversations.key],
          set: { ...values, updatedAt: sql`now()` },
        });
      const kept = database
        .select({ key: chatConversations.key })
        .from(chatConversations)
        .where(eq(chatConversations.workspaceId, options.workspaceId))
        .orderBy(desc(chatConversations.updatedAt))
        .limit(options.maxPerWorkspace);
      await database
        .delete(chatConversations)
        .where(
          and(
            eq(chatConversations.workspaceId, options.workspaceId),
            sql`${chatConversations.key} not in (${kept})`,
          ),
        );
    },
  };
}
