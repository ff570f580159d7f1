import type { PermissionAction } from '@skillset/core';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { agents } from './agents.ts';
import { workspaces } from './workspaces.ts';

/** Permission rules of a workspace, optionally bound to one agent. */
export const permissionRules = pgTable(
  'permission_rules',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    agentId: text('agent_id').references(() => agents.id, { onDelete: 'cascade' }),
    principal: text('principal').notNull().default('*'),
    skillPattern: text('skill_pattern').notNull(),
    surface: text('surface').notNull().default('*'),
    action: text('action').$type<PermissionAction>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('permission_rules_workspace_id_idx').on(table.workspaceId),
    check('permission_rules_action_check', sql`${table.action} in ('allow', 'ask', 'deny')`),
    check(
      'permission_rules_surface_check',
      sql`${table.surface} in ('*', 'catalog', 'model', 'user', 'read', 'manage', 'run')`,
    ),
  ],
);
