import { hasRole, type Store } from '@skillset/store';
import { forbiddenError } from './forbidden-error.ts';
import type { UserPrincipal } from './require-role.ts';

/**
 * Refuses with 403 unless the user may create a workspace: an instance admin, or a member (or
 * stronger) of a workspace the request's token reaches. A viewer only looks: a workspace of their
 * own would give them an owner's rights on this server — storing packages, running scripts,
 * spending the model, mailing invitations from its address — that their role withholds.
 */
export async function assertMayCreateWorkspace(store: Store, user: UserPrincipal): Promise<void> {
  if (user.instanceAdmin) return;
  const [memberships, token] = await Promise.all([
    store.workspaces.listForUser(user.userId),
    user.tokenId === undefined ? undefined : store.tokens.get(user.tokenId),
  ]);
  const writer = memberships.some(
    (membership) =>
      (token?.workspaceId == null || token.workspaceId === membership.workspace.id) &&
      hasRole(membership.role, 'member'),
  );
  if (writer) return;
  throw forbiddenError(
    'Only members (or stronger) of a workspace and instance admins can create workspaces; you are a viewer wherever you belong. Ask an admin of your workspace for the member role, or an instance admin to create the workspace.',
  );
}
