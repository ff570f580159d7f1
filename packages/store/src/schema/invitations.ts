import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WorkspaceRole } from './members.ts';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** How an invitation link reached the invitee: copied by an admin, or mailed to the address. */
export type InvitationDelivery = 'link' | 'email';

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
    /** `email`: only the invited mailbox got the link, so accepting it proves the address. */
    delivery: text('delivery').$type<InvitationDelivery>().notNull().default('link'),
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
    check('invitations_delivery_check', sql`${table.delivery} in ('link', 'email')`),
  ],
);
