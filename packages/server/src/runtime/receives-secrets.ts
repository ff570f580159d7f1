import type { SkillEntry } from '@skillset/core';

/** Scopes whose skills may receive the workspace's secrets: the workspace's own and public ones. */
const SECRET_SCOPES: ReadonlySet<string> = new Set(['workspace', 'public']);

/**
 * True when secrets bound to `entry`'s name may reach its scripts: never a personal skill (any
 * member could name one after a workspace skill) nor one an MCP server serves.
 */
export function receivesSecrets(entry: Pick<SkillEntry, 'scope' | 'origin'>): boolean {
  return SECRET_SCOPES.has(entry.scope) && entry.origin === undefined;
}
