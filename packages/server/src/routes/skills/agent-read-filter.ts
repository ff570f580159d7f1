import type { StoredSkill } from '@skillset/store';
import { listAllowedEntries } from '../../runtime/workspace-gate.ts';
import type { SkillCaller } from './skill-caller.ts';

/**
 * For an agent, the skills it may read: the names its policy allows on the `read` surface, so a
 * `deny` rule, its allowlist and its switches hold in the library, files, download and versions
 * as on every other surface; for a user, undefined (the library shows their workspace whole).
 */
export async function agentReadFilter(
  caller: SkillCaller,
): Promise<((skill: StoredSkill) => boolean) | undefined> {
  const { scope } = caller;
  if (scope === undefined) return undefined;
  const allowed = await listAllowedEntries(scope.skills, scope.policy, 'api_read');
  const names = new Set(allowed.map((entry) => entry.name.toLowerCase()));
  return (skill) => names.has(skill.name.toLowerCase());
}
