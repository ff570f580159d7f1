import {
  hasRole,
  type StoreRepositories,
  WORKSPACE_ROLES,
  type WorkspaceRole,
} from '@skillset/store';

/** Options for {@link passOnRefusal}. */
export interface PassOnRefusalOptions {
  workspaceId: string;
  /** The admin who copies the link, with their role in the workspace (none: no longer a member). */
  issuer: { userId: string; role: WorkspaceRole | undefined };
  /** The member the link signs in, with their role in the workspace (none: no longer a member). */
  member: { userId: string; role: WorkspaceRole | undefined; instanceAdmin: boolean };
}

function stronger(role: WorkspaceRole, than: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) < WORKSPACE_ROLES.indexOf(than);
}

/**
 * Why an admin may not hold a link into a member's account, or undefined when they may: a link to
 * pass on signs its holder in as the member everywhere, so it is only for a member of this
 * workspace alone, with a weaker role than the admin's, who is no instance admin. Checked when the
 * link is copied and again when it is used.
 */
export async function passOnRefusal(
  store: Pick<StoreRepositories, 'workspaces'>,
  options: PassOnRefusalOptions,
): Promise<string | undefined> {
  const { workspaceId, issuer, member } = options;
  if (issuer.role === undefined || !hasRole(issuer.role, 'admin')) {
    return 'the admin who copied it is no longer an admin of the workspace';
  }
  if (member.userId === issuer.userId) return undefined;
  if (member.role === undefined) return 'the member no longer belongs to the workspace';
  if (member.instanceAdmin) return 'the member is an instance admin';
  if (!stronger(issuer.role, member.role)) {
    return `the member's role (${member.role}) is not weaker than the copying admin's (${issuer.role})`;
  }
  const elsewhere = (await store.workspaces.listForUser(member.userId)).some(
    (membership) => membership.workspace.id !== workspaceId,
  );
  if (elsewhere) return 'the member also belongs to other workspaces';
  return undefined;
}
