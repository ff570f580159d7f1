import type { ResolvedSkill, Store, StoredSkill, StoredSkillScope } from '@skillset/store';
import type { SkillCaller } from './skill-caller.ts';

/** Where a stored skill stands among the skills of its name the caller sees. */
export interface Shadowing {
  /** The scope of the skill that wins the name, when it is not this one. */
  shadowedBy?: StoredSkillScope;
  /** The lower-precedence skills of the name below this one. */
  shadows: StoredSkill[];
}

/** Reads a skill's place from the store's precedence order of its name (winner first). */
export function shadowingOf(resolved: ResolvedSkill | undefined, skill: StoredSkill): Shadowing {
  if (resolved === undefined) return { shadows: [] };
  const ordered = [resolved.skill, ...resolved.shadows];
  const index = ordered.findIndex((candidate) => candidate.id === skill.id);
  return {
    ...(index > 0 ? { shadowedBy: resolved.skill.scope } : {}),
    shadows: index < 0 ? [] : ordered.slice(index + 1),
  };
}

/** The shadowing of a skill as the caller sees its name. */
export async function findShadowing(
  store: Store,
  caller: SkillCaller,
  skill: StoredSkill,
): Promise<Shadowing> {
  return shadowingOf(await store.skills.resolve({ ...caller.access, name: skill.name }), skill);
}
