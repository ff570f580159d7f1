import type { AccessChange, Store } from '@skillset/store';

type AuthenticatedPrincipal = Awaited<ReturnType<Store['tokens']['authenticate']>>;

/** Whether a policy cached under `key` (`workspace|kind:id|agent`) may be stale after `change`. */
export function policyConcerned(change: AccessChange, key: string): boolean {
  if (change.workspaceId !== null) return key.startsWith(`${change.workspaceId}|`);
  // Sessions and unscoped tokens decide no policy; a user's change reaches every workspace.
  return change.kind === 'user';
}

/** Whether a cached token check may be stale after `change` (one still loading always is). */
export function principalConcerned(
  change: AccessChange,
  principal: AuthenticatedPrincipal | undefined,
): boolean {
  if (principal === undefined) return true;
  const ids = [principal.tokenId, principal.kind === 'user' ? principal.userId : principal.agentId];
  if (change.id !== undefined && ids.includes(change.id)) return true;
  if (change.workspaceId === null) return change.kind === 'token' && change.id === undefined;
  return principal.workspaceId === change.workspaceId;
}

/**
 * Whether a cached workspace lookup (`id\0…`, `slug\0…`, `user\0…`, `default\0…`) may be stale
 * after `change`: lists of a user's workspaces follow memberships, a workspace its own changes.
 */
export function workspaceLookupConcerned(
  change: AccessChange,
  key: string,
  value: unknown,
): boolean {
  const [kind, id] = key.split('\0');
  if (kind === 'user' || kind === 'default') {
    return change.kind === 'workspace' || change.id === id;
  }
  if (change.workspaceId === null) return false;
  const workspace = value as { id?: string } | undefined;
  return workspace === undefined || workspace.id === change.workspaceId;
}
