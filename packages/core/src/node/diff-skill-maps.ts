import type { SkillRecord, SkillSourceChange } from '../source/skill-source.ts';

/** The changes from `before` to `after` (both keyed by relative folder) under `relative`. */
export function diffSkillMaps(
  before: ReadonlyMap<string, SkillRecord>,
  after: ReadonlyMap<string, SkillRecord>,
  relative: string,
): SkillSourceChange[] {
  const changes: SkillSourceChange[] = [];
  const under = (key: string): boolean =>
    relative === '' || key === relative || key.startsWith(`${relative}/`);
  for (const [key, skill] of before) {
    if (under(key) && !after.has(key)) changes.push({ type: 'removed', skill });
  }
  for (const [key, skill] of after) {
    const previous = before.get(key);
    if (previous === undefined) changes.push({ type: 'added', skill });
    else if (previous !== skill) changes.push({ type: 'changed', skill });
  }
  return changes;
}
