import type { Me } from '../api/client.ts';

/** Whether the signed-in person may change agents, their rules and tokens (admins and owners). */
export function canManageAgents(me: Me | undefined): boolean {
  const role = me?.principal.role;
  return role === 'owner' || role === 'admin';
}
