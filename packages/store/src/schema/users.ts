import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

/** People known to the instance; `instanceAdmin` may install public skills and manage workspaces. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email'),
    /** When the address was proven (a mailed link, or a provider's verified email); null: unverified. */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The workspace of requests that name none; only the user changes it. */
    defaultWorkspaceId: text('default_workspace_id').references(() => workspaces.id, {
      onDelete: 'set null',
    }),
    instanceAdmin: boolean('instance_admin').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_verified_email_key')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.emailVerifiedAt} is not null`),
    index('users_email_idx').on(sql`lower(${table.email})`),
  ],
);
