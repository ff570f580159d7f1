import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { workspaces } from './workspaces.ts';

/** Approvals answered "always", per workspace, principal, skill and action, with the content digest approved. */
export const skillApprovals = pgTable(
  'skill_approvals',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** Whose approval it is: `user:<id>` or `agent:<id>`. */
    principal: text('principal').notNull(),
    /** The skill's name as the gate resolves it. */
    skill: text('skill').notNull(),
    /** `use`, or `run:<script path>`. */
    action: text('action').notNull(),
    /** `sha256:<hex>` of the skill's signing manifest when it was approved. */
    digest: text('digest').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({
      name: 'skill_approvals_pkey',
      columns: [table.workspaceId, table.principal, table.skill, table.action],
    }),
  ],
);
