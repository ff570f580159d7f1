import type { StoredSkill } from '../skills/skill-types.ts';
import type { SkillChange, SkillChangeType } from './skill-change.ts';

/** The change-feed payload for a change of `type` to a stored skill, at its current version. */
export function createSkillChange(
  skill: Pick<
    StoredSkill,
    'id' | 'name' | 'scope' | 'workspaceId' | 'ownerUserId' | 'currentVersion'
  >,
  type: SkillChangeType,
): SkillChange {
  return {
    workspaceId: skill.workspaceId,
    scope: skill.scope,
    ownerUserId: skill.ownerUserId,
    skillId: skill.id,
    name: skill.name,
    type,
    version: skill.currentVersion,
  };
}
