import type { Store, WorkspaceRole } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import { notFoundError } from './not-found-error.ts';

/** The caller's standing in a workspace named in a path: a user's role there, or an agent of it. */
export type WorkspaceStanding = { kind: 'user'; role: WorkspaceRole } | { kind: 'agent' };

/**
 * Resolves the caller's standing in `workspaceId`, answering 404 (never 403) for a workspace the
 * caller does not belong to, does not exist, or the token is limited away from.
 */
export async function resolveWorkspaceRole(
  store: Store,
  principal: RequestPrincipal,
  workspaceId: string,
): Promise<WorkspaceStanding> {
  if (principal.kind === 'agent') {
    if (principal.workspaceId !== workspaceId) throw notFoundError('workspace', workspaceId);
    return { kind: 'agent' };
  }
  if (principal.workspaceId === workspaceId) return { kind: 'user', role: principal.role };
  const token =
    principal.tokenId === undefined ? undefined : await store.tokens.get(principal.tokenId);
  if (token?.workspaceId != null && token.workspaceId !== workspaceId) {
    throw notFoundError('workspace', workspaceId);
  }
  const role = await store.members.getRole(workspaceId, principal.userId);
  if (role === undefined) throw notFoundError('workspace', workspaceId);
  return { kind: 'user', role };
}
