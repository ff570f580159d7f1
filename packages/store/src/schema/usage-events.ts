import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

/** Uses of a skill (an activation, a read, a listing) for analytics: `count` identical uses at about `at`. */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    skillId: text('skill_id'),
    skillName: text('skill_name').notNull(),
    trigger: text('trigger').notNull(),
    principalKind: text('principal_kind'),
    principalId: text('principal_id'),
    /** `ok`, or the error code of a failed attempt. */
    outcome: text('outcome').notNull().default('ok'),
    count: integer('count').notNull().default(1),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('usage_events_workspace_at_idx').on(table.workspaceId, table.at)],
);
