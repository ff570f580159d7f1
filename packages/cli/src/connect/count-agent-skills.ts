import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** How many `<folder>/<name>/SKILL.md` a skills folder holds (0 when it is missing). */
export function countAgentSkills(folder: string): number {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return 0;
  }
  return names.filter((name) =>
    statSync(path.join(folder, name, 'SKILL.md'), { throwIfNoEntry: false })?.isFile(),
  ).length;
}
