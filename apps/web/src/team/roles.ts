import type { Schemas } from '../api/client.ts';

/** A role in a workspace. */
export type WorkspaceRole = Schemas['WorkspaceRole'];

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
