import type { SkillEntry, SkillRegistry } from '@skillset/core';

/** Caches one promise per entry object; a failed load is forgotten so that it is tried again. */
function memoizeByEntry<Value>(
  load: (skill: string | SkillEntry) => Promise<Value>,
): (skill: string | SkillEntry) => Promise<Value> {
  const cache = new WeakMap<SkillEntry, Promise<Value>>();
  return (skill) => {
    if (typeof skill === 'string') return load(skill);
    let value = cache.get(skill);
    if (value === undefined) {
      value = load(skill);
      cache.set(skill, value);
      value.catch(() => cache.delete(skill));
    }
    return value;
  };
}

/**
 * The registry with `loadSkill` and `listFiles` cached per entry. Keep it in the workspace's
 * `derived` data: a refresh (any skill change, decision 0062) replaces entries and drops it, so an
 * invocation never sees an older version than the listing it resolved the name in (decision 0095).
 */
export function memoizeSkillLoads(registry: SkillRegistry): SkillRegistry {
  const memoized: SkillRegistry = Object.create(registry);
  memoized.loadSkill = memoizeByEntry((skill) => registry.loadSkill(skill));
  memoized.listFiles = memoizeByEntry((skill) => registry.listFiles(skill));
  return memoized;
}
