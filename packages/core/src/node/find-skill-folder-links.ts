import { readdir, realpath } from 'node:fs/promises';
import { join } from 'node:path';
import { MAX_SKILL_PATH_DEPTH } from '../format/skill-path-limits.ts';
import { SKIPPED_FOLDER_NAMES } from './scan-skill-tree.ts';

/** Options for {@link findSkillFolderLinks}. */
export interface FindSkillFolderLinksOptions {
  /** Stop after looking at this many entries (default 100,000). */
  maxEntries?: number;
}

/**
 * The symbolic links inside a skill folder, as sorted `/`-separated relative paths, found without
 * following any (the folder itself may be reached through one). `.git` and `node_modules` are not
 * part of a skill and are not entered.
 */
export async function findSkillFolderLinks(
  folder: string,
  options: FindSkillFolderLinksOptions = {},
): Promise<string[]> {
  const maxEntries = options.maxEntries ?? 100_000;
  const links: string[] = [];
  let seen = 0;
  const walk = async (absolute: string, relative: string, depth: number): Promise<void> => {
    const entries = await readdir(absolute, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (++seen > maxEntries) return;
      if (SKIPPED_FOLDER_NAMES.has(entry.name)) continue;
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (entry.isSymbolicLink()) links.push(path);
      else if (entry.isDirectory() && depth < MAX_SKILL_PATH_DEPTH) {
        await walk(join(absolute, entry.name), path, depth + 1);
      }
    }
  };
  await walk(await realpath(folder), '', 0);
  return links.sort();
}
