import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** One-time sign-in codes, exchanged once for a session; only the sha256 is stored. */
export const signInCodes = pgTable(
  'sign_in_codes',
  {
    id: text('id').primaryKey(),
    hash: text('hash').notNull().unique('sign_in_codes_hash_key'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The address the link was mailed to: redeeming it proves that address. */
    provesEmail: text('proves_email'),
    /** The workspace of an admin who copied the link for a member, to check the rule again on use. */
    passedOnWorkspaceId: text('passed_on_workspace_id').references(() => workspaces.id, {
      onDelete: 'cascade',
    }),
    /** The admin who copied the link. */
    passedOnBy: text('passed_on_by').references(() => users.id, { onDelete: 'cascade' }),
  },
  (table) => [
    check(
      'sign_in_codes_passed_on_check',
      sql`(${table.passedOnWorkspaceId} is null) = (${table.passedOnBy} is null)`,
    ),
  ],
);
