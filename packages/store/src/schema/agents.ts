import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { workspaces } from './workspaces.ts';

/** An agent's stored settings (DESIGN.md §5, §9). */
export interface AgentSettings {
  skillsEnabled: boolean;
  /** Skill names or globs the agent may use; empty means every skill. */
  allowlist: string[];
  /** Enabled integrations; absent means the agent inherits the workspace's. */
  integrations?: string[];
  /** Whether the agent sees the personal skills of the user it acts for. */
  includePersonal: boolean;
  /** The agent's catalog budget in tokens; absent means the default. */
  catalogBudget?: number;
  /** `block`: skills with content risks are refused for this agent even when its workspace allows them; stored only when `block`. */
  contentRisks?: 'allow' | 'block';
  /** Only signed skills (by the workspace's trusted signers) reach this agent, even when its workspace allows unsigned ones; stored only when true. */
  requireSigned?: boolean;
  /** The skills the agent is built around; they cannot be deleted while referenced here. */
  skills: string[];
  /**
   * The agent's role over skills, like a person's: `member` may create and change the
   * workspace's skills, `viewer` (the default) only uses them; stored only when `member`.
   */
  role?: 'viewer' | 'member';
  /** Skills this agent keeps at an exact published revision (lower-case name → version), whatever is published later; stored only when not empty. */
  revisionPins?: Record<string, number>;
}

/** Agents: principals of one workspace, optionally acting for a user. */
export const agents = pgTable(
  'agents',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    settings: jsonb('settings').$type<AgentSettings>().notNull(),
    actsForUserId: text('acts_for_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('agents_name_key').on(table.workspaceId, sql`lower(${table.name})`),
    index('agents_workspace_id_idx').on(table.workspaceId),
  ],
);
