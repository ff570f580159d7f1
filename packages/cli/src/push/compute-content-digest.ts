import { sha256Hex } from '../install/skill-lock.ts';

/** A file of a skill as the server stores it: its path and its bytes. */
export interface DigestedFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * The content digest the server gives a revision (its `hash`): sha256 over `path NUL file-sha256
 * LF` lines of every file, `SKILL.md` included, sorted by path in code-unit order — the store's
 * `computeVersionHash`, repeated so `push` does not load the store.
 */
export function computeContentDigest(files: readonly DigestedFile[]): string {
  const lines = files
    .map((file) => ({ path: file.path, hash: sha256Hex(file.bytes) }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .map((file) => `${file.path}\0${file.hash}\n`);
  return sha256Hex(new TextEncoder().encode(lines.join('')));
}
