import type { PolicyConfig } from './policy-config-schema.ts';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mergeValues(lower: unknown, higher: unknown): unknown {
  if (!isPlainObject(lower) || !isPlainObject(higher)) return higher;
  const merged: Record<string, unknown> = { ...lower };
  for (const [key, value] of Object.entries(higher)) merged[key] = mergeValues(lower[key], value);
  return merged;
}

/**
 * Merges the user config with the project config, project winning: `allowlist` and `integrations`
 * are replaced when the project sets them, `config` is merged key by key, and `rules` accumulate
 * (user rules first) so that a deny from either file holds — a project cannot re-allow what the user denied;
 * likewise `contentRisks: "block"` and `requireSigned: true` in either file hold, trusted and
 * revoked signers accumulate; `mcpServers` are merged by label,
 * the project's entry replacing the user's.
 */
export function mergePolicyConfigs(user: PolicyConfig, project: PolicyConfig): PolicyConfig {
  const merged: PolicyConfig = {};
  if (user.rules !== undefined || project.rules !== undefined) {
    merged.rules = [...(user.rules ?? []), ...(project.rules ?? [])];
  }
  const allowlist = project.allowlist ?? user.allowlist;
  if (allowlist !== undefined) merged.allowlist = [...allowlist];
  const integrations = project.integrations ?? user.integrations;
  if (integrations !== undefined) merged.integrations = [...integrations];
  if (user.config !== undefined || project.config !== undefined) {
    merged.config = mergeValues(user.config ?? {}, project.config ?? {}) as Record<string, unknown>;
  }
  const contentRisks =
    user.contentRisks === 'block' ? 'block' : (project.contentRisks ?? user.contentRisks);
  if (contentRisks !== undefined) merged.contentRisks = contentRisks;
  if (user.requireSigned === true || project.requireSigned !== undefined) {
    merged.requireSigned = user.requireSigned === true || project.requireSigned === true;
  } else if (user.requireSigned !== undefined) merged.requireSigned = user.requireSigned;
  for (const key of ['trustedSigners', 'revokedSigners'] as const) {
    if (user[key] !== undefined || project[key] !== undefined) {
      merged[key] = [...(user[key] ?? []), ...(project[key] ?? [])];
    }
  }
  if (user.mcpServers !== undefined || project.mcpServers !== undefined) {
    merged.mcpServers = { ...user.mcpServers, ...project.mcpServers };
  }
  return merged;
}
