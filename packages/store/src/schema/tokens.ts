import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

/** Who a token authenticates. */
export type PrincipalKind = 'user' | 'agent';

/** Bearer tokens; only the sha256 of the secret is stored, with a short prefix for display. */
export const tokens = pgTable(
  'tokens',
  {
    id: text('id').primaryKey(),
    hash: text('hash').notNull().unique('tokens_hash_key'),
    prefix: text('prefix').notNull(),
    name: text('name').notNull(),
    principalKind: text('principal_kind').$type<PrincipalKind>().notNull(),
    principalId: text('principal_id').notNull(),
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    index('tokens_principal_idx').on(table.principalKind, table.principalId),
    check(
      'tokens_principal_check',
      sql`${table.principalKind} = 'user' or (${table.principalKind} = 'agent' and ${table.workspaceId} is not null)`,
    ),
  ],
);
