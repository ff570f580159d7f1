import { scopeRank } from '@skillset/core';
import type { SkillAccess, Store, StoredSkill } from '@skillset/store';

const PAGE_SIZE = 10_000;

/**
 * Lists every skill a workspace (and user) can see, leaving out every skill of a name whose
 * highest-precedence skill is disabled: a disabled skill blocks its name, it does not unshadow it.
 */
export async function loadVisibleSkills(store: Store, access: SkillAccess): Promise<StoredSkill[]> {
  const all: StoredSkill[] = [];
  let cursor: string | undefined;
  do {
    const page = await store.skills.list({
      ...access,
      limit: PAGE_SIZE,
      ...(cursor === undefined ? {} : { cursor }),
    });
    all.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const winners = new Map<string, StoredSkill>();
  for (const skill of all) {
    const key = skill.name.toLowerCase();
    const winner = winners.get(key);
    if (winner === undefined || scopeRank(skill.scope) > scopeRank(winner.scope)) {
      winners.set(key, skill);
    }
  }
  return all.filter((skill) => winners.get(skill.name.toLowerCase())?.enabled === true);
}
