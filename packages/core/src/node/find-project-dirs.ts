import { statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/** Options for {@link findProjectDirs}. */
export interface FindProjectDirsOptions {
  cwd: string;
  home: string;
}

/**
 * The project folders of `cwd`, nearest first: `cwd` and each parent up to the git root (the first
 * folder holding `.git`); without one, up to the filesystem root. The walk stops below the home
 * folder (whose skill folders are personal) unless `cwd` is the home folder.
 */
export function findProjectDirs(options: FindProjectDirsOptions): string[] {
  const home = resolve(options.home);
  let dir = resolve(options.cwd);
  const dirs = [dir];
  if (dir === home) return dirs;
  while (statSync(resolve(dir, '.git'), { throwIfNoEntry: false }) === undefined) {
    const parent = dirname(dir);
    if (parent === dir || parent === home) break;
    dirs.push(parent);
    dir = parent;
  }
  return dirs;
}
