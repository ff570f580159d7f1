/** The skill file's name, as the Agent Skills spec requires it. */
export const SKILL_FILE_NAME = 'SKILL.md';

const LOWERCASE_SKILL_FILE_NAME = 'skill.md';

function preference(name: string): number {
  if (name === SKILL_FILE_NAME) return 0;
  return name === LOWERCASE_SKILL_FILE_NAME ? 1 : 2;
}

/** True when `name` is `SKILL.md` in any letter case. */
export function isSkillFileName(name: string): boolean {
  return name.length === SKILL_FILE_NAME.length && name.toLowerCase() === LOWERCASE_SKILL_FILE_NAME;
}

/**
 * The names among a folder's entries that may be its skill file, in the order they are tried:
 * `SKILL.md`, then lowercase `skill.md`, then any other casing (`Skill.md`), sorted.
 */
export function rankSkillFileNames(names: Iterable<string>): string[] {
  const found: string[] = [];
  for (const name of names) if (isSkillFileName(name)) found.push(name);
  return found.sort((a, b) => preference(a) - preference(b) || (a < b ? -1 : a > b ? 1 : 0));
}
