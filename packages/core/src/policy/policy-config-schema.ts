import { z } from 'zod';
import { CONTENT_RISK_POLICIES } from './content-risk-policy.ts';
import { mcpServersConfigSchema } from './mcp-server-config-schema.ts';
import { PERMISSION_ACTIONS } from './permission-rule.ts';
import { POLICY_SURFACES } from './policy-surface.ts';

const nonEmptyText = z.string().trim().min(1);

/** The Zod schema of one permission rule in a policy config file. */
export const permissionRuleSchema = z.strictObject({
  principal: nonEmptyText.optional(),
  skill: nonEmptyText,
  surface: z.enum([...POLICY_SURFACES, '*']).optional(),
  action: z.enum(PERMISSION_ACTIONS),
});

/** The Zod schema of a local policy config (`skillset.json`, `~/.config/skillset/config.json`). */
export const policyConfigSchema = z.strictObject({
  $schema: z.string().optional(),
  rules: z.array(permissionRuleSchema).optional(),
  allowlist: z.array(nonEmptyText).optional(),
  integrations: z.array(nonEmptyText).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
  contentRisks: z.enum(CONTENT_RISK_POLICIES).optional(),
  /** Only skills with a valid signature by a trusted signer are let through. */
  requireSigned: z.boolean().optional(),
  /** Lines of a git-style `allowed_signers` file: `principals [options] keytype base64-key`. */
  trustedSigners: z.array(nonEmptyText).optional(),
  /** Revoked public keys, `keytype base64-key` each: a signature by one never holds. */
  revokedSigners: z.array(nonEmptyText).optional(),
  mcpServers: mcpServersConfigSchema.optional(),
});

/** A validated local config: permission rules, an allowlist, integrations, config values and MCP skill servers. */
export type PolicyConfig = z.output<typeof policyConfigSchema>;
