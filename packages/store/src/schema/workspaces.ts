import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An MCP server whose skills join a workspace's registry: a Streamable HTTP URL only (decision 0076). */
export interface WorkspaceMcpServer {
  url: string;
  /** Sent with every request (e.g. `Authorization`); never returned by the API. */
  headers?: Record<string, string>;
  timeoutMs?: number;
  /** Skills whose `allowed-tools` are kept, by their name on that server, at the manifest digest approved. */
  approvedAllowedTools?: Record<string, string>;
}

/** A workspace's stored settings (DESIGN.md §5 step 1 and 3). */
export interface WorkspaceSettings {
  skillsEnabled: boolean;
  /** Enabled integrations; absent means the workspace does not gate integrations. */
  integrations?: string[];
  /** The catalog budget in tokens of callers without an agent budget; absent: the default. */
  catalogBudget?: number;
  /** `block`: skills with content risks are refused on every surface but `manage`; stored only when `block`. */
  contentRisks?: 'allow' | 'block';
  /** Only skills signed by a trusted signer are let through on every surface but `manage`; stored only when true. */
  requireSigned?: boolean;
  /** The workspace's trusted signers, one git `allowed_signers` line each; stored only when not empty. */
  trustedSigners?: string[];
  /** Revoked public keys, `keytype base64-key` each: a signature by one never holds; stored only when not empty. */
  revokedSigners?: string[];
  /** MCP servers serving skills (SEP-2640) to this workspace, by label; their skills are `label:name`. */
  mcpServers?: Record<string, WorkspaceMcpServer>;
  /** `required`: a change to a workspace skill is a proposal until a reviewer publishes it; stored only when required. */
  review?: 'required';
  /** Publishing a proposal that lowers its trigger-eval recall needs an override; stored only when true. */
  blockRecallDrop?: boolean;
}

/** Tenants: every workspace-scoped row belongs to exactly one workspace. */
export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique('workspaces_slug_key'),
  settings: jsonb('settings').$type<WorkspaceSettings>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
