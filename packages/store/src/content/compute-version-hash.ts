import { sha256 } from './sha256.ts';

/** A file of a version as the hash sees it: its path and the sha256 of its bytes. */
export interface HashedFile {
  path: string;
  hash: string;
}

/**
 * The content address of a version: sha256 over `path NUL file-sha256 LF` lines of every file
 * (including `SKILL.md`), sorted by path in code-unit order.
 */
export function computeVersionHash(files: readonly HashedFile[]): string {
  const lines = [...files]
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => `${file.path}\0${file.hash}\n`);
  return sha256(lines.join(''));
}
