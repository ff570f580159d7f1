import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.ts';
import { workspaces } from './workspaces.ts';

/** Secrets of a workspace: values encrypted with AES-256-GCM, bound to the skills that may use them. */
export const skillSecrets = pgTable(
  'skill_secrets',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** The environment variable name the value is given to a script as. */
    name: text('name').notNull(),
    ciphertext: bytea('ciphertext').notNull(),
    iv: bytea('iv').notNull(),
    authTag: bytea('auth_tag').notNull(),
    /** The id of the key the value was encrypted with. */
    keyId: text('key_id').notNull(),
    /** The lowercase names of the skills whose scripts get the value. */
    skills: text('skills').array().notNull().default(sql`'{}'::text[]`),
    /** The actor id of who created it. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('skill_secrets_name_key').on(table.workspaceId, table.name),
    check('skill_secrets_name_check', sql`${table.name} ~ '^[A-Z_][A-Z0-9_]{0,127}$'`),
  ],
);
