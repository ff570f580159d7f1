import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** The roles a user may hold in a workspace, strongest first. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;

/** A workspace role. */
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

/** Which users belong to which workspace, with their role. */
export const members = pgTable(
  'members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** A member who may publish others' proposals (admins and owners always may). */
    canReview: boolean('can_review').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'members_pkey', columns: [table.workspaceId, table.userId] }),
    index('members_user_id_idx').on(table.userId),
    check('members_role_check', sql`${table.role} in ('owner', 'admin', 'member', 'viewer')`),
  ],
);
