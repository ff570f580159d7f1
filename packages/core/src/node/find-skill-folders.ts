import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { isSkillFileName } from '../format/rank-skill-file-names.ts';

/** Options for {@link findSkillFolders}. */
export interface FindSkillFoldersOptions {
  /** How many folder levels below `root` to search (default 8). */
  maxDepth?: number;
}

const SKIPPED = new Set(['.git', 'node_modules']);

/** Lists every folder under `root` (itself included) that holds a `SKILL.md`, sorted; skips `.git` and `node_modules` and does not follow symlinks. */
export async function findSkillFolders(
  root: string,
  options: FindSkillFoldersOptions = {},
): Promise<string[]> {
  const maxDepth = options.maxDepth ?? 8;
  const found: string[] = [];
  const visit = async (folder: string, depth: number): Promise<void> => {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    if (entries.some((entry) => entry.isFile() && isSkillFileName(entry.name))) {
      found.push(folder);
    }
    if (depth >= maxDepth) return;
    await Promise.all(
      entries
        .filter((entry) => entry.isDirectory() && !SKIPPED.has(entry.name))
        .map((entry) => visit(path.join(folder, entry.name), depth + 1)),
    );
  };
  await visit(path.resolve(root), 0);
  return found.sort();
}
