import type { TriggerEvalReport } from '@skillset/core/authoring';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { skills } from './skills.ts';
import { workspaces } from './workspaces.ts';

/** The last trigger eval of each skill, per workspace (the skill set it competed in is the workspace's). */
export const skillTriggerEvals = pgTable(
  'skill_trigger_evals',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    skillId: text('skill_id')
      .notNull()
      .references(() => skills.id, { onDelete: 'cascade' }),
    /** The skill version the eval ran against. */
    version: integer('version').notNull(),
    report: jsonb('report').$type<TriggerEvalReport>().notNull(),
    /** The actor id of who ran it. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'skill_trigger_evals_pkey', columns: [table.workspaceId, table.skillId] }),
    index('skill_trigger_evals_skill_idx').on(table.skillId),
  ],
);
