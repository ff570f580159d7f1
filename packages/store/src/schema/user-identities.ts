import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A user's accounts at OpenID Connect providers, by issuer and subject (never by email). */
export const userIdentities = pgTable(
  'user_identities',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the provider vouched for when the identity was last used. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ name: 'user_identities_pkey', columns: [table.issuer, table.subject] }),
    index('user_identities_user_id_idx').on(table.userId),
  ],
);
