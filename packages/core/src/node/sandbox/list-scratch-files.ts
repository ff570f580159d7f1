import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** Listings stop here, so a script that makes a million files cannot stall its caller. */
const MAX_LISTED_FILES = 10_000;

/** The regular files under `folder` (symlinks not followed), as sorted `/`-separated relative paths. */
export async function listScratchFiles(
  folder: string,
): Promise<Array<{ path: string; size: number }>> {
  const files: Array<{ path: string; size: number }> = [];
  const walk = async (absolute: string, relative: string): Promise<void> => {
    const names = await readdir(absolute).catch(() => [] as string[]);
    for (const name of names) {
      if (files.length >= MAX_LISTED_FILES) return;
      const path = relative === '' ? name : `${relative}/${name}`;
      const stats = await lstat(join(absolute, name)).catch(() => undefined);
      if (stats?.isDirectory()) await walk(join(absolute, name), path);
      else if (stats?.isFile()) files.push({ path, size: stats.size });
    }
  };
  await walk(folder, '');
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
