import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

/** The conversations of the server's chat, per workspace, keyed by principal, agent and chat id. */
export const chatConversations = pgTable(
  'chat_conversations',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The model messages so far (the AI SDK's `ModelMessage[]`), bounded by the server. */
    history: jsonb('history').$type<unknown[]>().notNull(),
    activeSkills: jsonb('active_skills').$type<string[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'chat_conversations_pkey', columns: [table.workspaceId, table.key] }),
    index('chat_conversations_updated_idx').on(table.workspaceId, table.updatedAt),
  ],
);
