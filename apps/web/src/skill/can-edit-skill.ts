import type { Me, SkillScope } from '../api/client.ts';

/**
 * Whether the signed-in principal may change a skill of `scope`, as the server decides it: never a
 * built-in skill, a public one only as an instance admin, others with the `member` role or stronger.
 */
export function canEditSkill(me: Me | undefined, scope: SkillScope): boolean {
  if (me === undefined || scope === 'builtin') return false;
  if (scope === 'public') return me.principal.kind === 'user' && me.principal.instanceAdmin;
  const role = me.principal.role;
  return role === 'owner' || role === 'admin' || role === 'member';
}
