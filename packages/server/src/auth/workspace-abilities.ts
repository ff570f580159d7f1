import { hasRole, WORKSPACE_ROLES, type WorkspaceRole } from '@skillset/store';

/**
 * The least role each workspace-wide ability needs. The routes' guards and the `can` of
 * `GET /api/me` read this one table, so what a client is told matches what the server enforces.
 */
export const ABILITY_ROLES = {
  editSkills: 'member',
  seeProposals: 'member',
  manageAgents: 'admin',
  manageRules: 'admin',
  manageSecrets: 'admin',
  managePeople: 'admin',
  manageSettings: 'admin',
  readAudit: 'admin',
  reloadSkills: 'admin',
  deleteWorkspace: 'owner',
} as const satisfies Record<string, WorkspaceRole>;

/** An ability of {@link ABILITY_ROLES}. */
export type WorkspaceAbility = keyof typeof ABILITY_ROLES;

/** The least role that may give `to` to a member who has `from` (or invite someone as `to`). */
export function roleNeededToAssign(
  from: WorkspaceRole | undefined,
  to: WorkspaceRole,
): WorkspaceRole {
  return from === 'owner' || to === 'owner' ? 'owner' : 'admin';
}

/** The least role that may remove another member who has `role`. */
export function roleNeededToRemove(role: WorkspaceRole): WorkspaceRole {
  return role === 'owner' ? 'owner' : 'admin';
}

/** Which abilities `role` has: each is true when the role is at least the ability's minimum. */
export function abilitiesOf(role: WorkspaceRole | undefined): Record<WorkspaceAbility, boolean> {
  const entries = Object.entries(ABILITY_ROLES).map(([ability, minimum]) => [
    ability,
    hasRole(role, minimum),
  ]);
  return Object.fromEntries(entries) as Record<WorkspaceAbility, boolean>;
}

/** The roles `role` may give a member who has `from` (or invite someone as, without `from`), strongest first. */
export function assignableRoles(
  role: WorkspaceRole | undefined,
  from?: WorkspaceRole,
): WorkspaceRole[] {
  return WORKSPACE_ROLES.filter((to) => to !== from && hasRole(role, roleNeededToAssign(from, to)));
}
