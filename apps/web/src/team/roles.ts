import type { Schemas } from '../api/client.ts';

/** A role in a workspace. */
export type WorkspaceRole = Schemas['WorkspaceRole'];

const RANK: Record<WorkspaceRole, number> = { viewer: 0, member: 1, admin: 2, owner: 3 };

/** Every role, strongest first, with what it may do. */
export const ROLE_OPTIONS: ReadonlyArray<{ value: WorkspaceRole; label: string; hint: string }> = [
  { value: 'owner', label: 'Owner', hint: 'Owners may do everything, even delete the workspace' },
  { value: 'admin', label: 'Admin', hint: 'Admins manage people, agents, tokens and settings' },
  { value: 'member', label: 'Member', hint: 'Members create and edit skills' },
  { value: 'viewer', label: 'Viewer', hint: 'Viewers read and use skills' },
];

/** The label of a role: `admin` → `Admin`. */
export function roleLabel(role: WorkspaceRole): string {
  return ROLE_OPTIONS.find((option) => option.value === role)?.label ?? role;
}

/** Whether `role` is at least `minimum`. */
export function hasRole(role: WorkspaceRole | undefined, minimum: WorkspaceRole): boolean {
  return role !== undefined && RANK[role] >= RANK[minimum];
}

/** The roles someone with `role` may give: admins up to admin, owners any; others none. */
export function grantableRoles(role: WorkspaceRole | undefined): WorkspaceRole[] {
  if (role === 'owner') return ['owner', 'admin', 'member', 'viewer'];
  if (role === 'admin') return ['admin', 'member', 'viewer'];
  return [];
}

/** Whether someone with `role` may change or remove a member who has `memberRole`. */
export function canManageMember(
  role: WorkspaceRole | undefined,
  memberRole: WorkspaceRole,
): boolean {
  if (role === 'owner') return true;
  return role === 'admin' && memberRole !== 'owner';
}
