import type { SkillEntry } from '@skillset/core';

/** The name of the skill's own file in its folder (`SKILL.md`, or a variant spelling). */
export function skillFileName(entry: SkillEntry): string {
  return entry.skillFile.split(/[\\/]/).at(-1) ?? 'SKILL.md';
}
