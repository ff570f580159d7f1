import { SkillsetError } from '@skillset/core';
import type { Store, StoredSkill, StoredSkillScope } from '@skillset/store';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { agentReadFilter } from './agent-read-filter.ts';
import type { SkillCaller } from './skill-caller.ts';

/** Options for {@link findSkill}. */
export interface FindSkillOptions {
  store: Store;
  caller: SkillCaller;
  name: string;
  scope?: StoredSkillScope | undefined;
  /** Skip the agent's `read` decision: the caller decides `manage` next (a disabled skill stays fixable). */
  forManage?: boolean;
}

/** The error for a skill that does not exist or is not visible to the caller (404, no leak). */
export function skillNotFound(
  name: string,
  scope?: StoredSkillScope,
): SkillsetError<ServerErrorCode> {
  const where = scope === undefined ? '' : ` in scope ${scope}`;
  return new SkillsetError<ServerErrorCode>({
    code: 'skill_not_found',
    message: `Skill ${JSON.stringify(name)} not found${where}; list the skills you can see with GET /api/skills.`,
  });
}

/**
 * The visible skill of a name (in `scope`, else the winner by precedence), or 404
 * `skill_not_found`, also for a skill an agent's policy does not let it read.
 */
export async function findSkill(options: FindSkillOptions): Promise<StoredSkill> {
  const { store, caller, name, scope } = options;
  const skill = await store.skills.getByName({
    ...caller.access,
    name,
    ...(scope === undefined ? {} : { scope }),
  });
  if (skill === undefined) throw skillNotFound(name, scope);
  if (options.forManage !== true) {
    const readable = await agentReadFilter(caller);
    if (readable !== undefined && !readable(skill)) throw skillNotFound(name, scope);
  }
  return skill;
}
