import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WorkspaceRole } from './members.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/**
 * What an invitation is: `email`, mailed to its address and accepted only by the account that
 * proved that address; `open_link`, a one-time link an admin passes on, accepted by whoever holds it.
 */
export type InvitationKind = 'email' | 'open_link';

/** Invitations to a workspace by email: a one-time code (stored as its sha256) and a role. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey(),
    hash: text('hash').notNull().unique('invitations_hash_key'),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** `email`: bound to the address; `open_link`: whoever holds the link may accept it. */
    kind: text('kind').$type<InvitationKind>().notNull(),
    invitedBy: text('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('invitations_workspace_id_idx').on(table.workspaceId),
    check('invitations_role_check', sql`${table.role} in ('owner', 'admin', 'member', 'viewer')`),
    check('invitations_kind_check', sql`${table.kind} in ('email', 'open_link')`),
  ],
);
