import type { SkillScope } from '@skillset/core';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** The scopes a stored skill may have (`project` skills live in folders, never in the store). */
export const STORED_SKILL_SCOPES = [
  'builtin',
  'public',
  'workspace',
  'personal',
] as const satisfies readonly SkillScope[];

/** A stored skill's scope. */
export type StoredSkillScope = (typeof STORED_SKILL_SCOPES)[number];

/** Skills: one row per name per scope and owner; the content lives in immutable versions. */
export const skills = pgTable(
  'skills',
  {
    id: text('id').primaryKey(),
    scope: text('scope').$type<StoredSkillScope>().notNull(),
    workspaceId: text('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    ownerUserId: text('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** The published revision: what every acting surface serves (0: none yet, a new skill under review). */
    currentVersion: integer('current_version').notNull(),
    /** The newest revision written, published or proposed. */
    latestVersion: integer('latest_version').notNull(),
    source: text('source').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('skills_name_key').on(
      table.scope,
      sql`coalesce(${table.workspaceId}, '')`,
      sql`coalesce(${table.ownerUserId}, '')`,
      sql`lower(${table.name})`,
    ),
    index('skills_workspace_id_idx').on(table.workspaceId),
    check(
      'skills_scope_check',
      sql`(${table.scope} in ('builtin', 'public') and ${table.workspaceId} is null and ${table.ownerUserId} is null)
      or (${table.scope} = 'workspace' and ${table.workspaceId} is not null and ${table.ownerUserId} is null)
      or (${table.scope} = 'personal' and ${table.workspaceId} is not null and ${table.ownerUserId} is not null)`,
    ),
  ],
);
