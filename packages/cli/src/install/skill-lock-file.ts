import os from 'node:os';
import path from 'node:path';
import type { Terminal } from '../output/terminal.ts';
import type { InstallScope } from './install-root.ts';
import type { SkillCandidate } from './skill-candidate.ts';
import { SKILL_LOCK_FILE, type SkillLock, type SkillLockEntry, sha256Hex } from './skill-lock.ts';

/**
 * The lockfile of a scope: `<cwd>/skillset-lock.json` for the project, or
 * `$XDG_CONFIG_HOME/skillset/skillset-lock.json` (`~/.config/skillset/…`) for the person.
 */
export function skillLockFile(terminal: Terminal, scope: InstallScope): string {
  if (scope === 'project') return path.resolve(terminal.cwd, SKILL_LOCK_FILE);
  const home = terminal.env.HOME || os.homedir();
  const configHome = terminal.env.XDG_CONFIG_HOME || path.join(home, '.config');
  return path.join(configHome, 'skillset', SKILL_LOCK_FILE);
}

/** A path as the lockfile stores it: relative to the lockfile's folder, `/`-separated. */
export function toLockPath(lockFile: string, absolute: string): string {
  return path.relative(path.dirname(lockFile), absolute).split(path.sep).join('/') || '.';
}

/** An absolute path from a path the lockfile stores. */
export function fromLockPath(lockFile: string, stored: string): string {
  return path.resolve(path.dirname(lockFile), ...stored.split('/'));
}

/**
 * Whether a folder the lockfile names may be replaced or deleted: it lies inside the scope's base
 * (the project folder, or HOME) in a folder named `skills`, so a hostile lockfile cannot aim elsewhere.
 */
export function isManagedSkillFolder(
  terminal: Terminal,
  scope: InstallScope,
  folder: string,
): boolean {
  const base = scope === 'project' ? path.resolve(terminal.cwd) : terminal.env.HOME || os.homedir();
  const relative = path.relative(base, folder);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
  return path.basename(path.dirname(folder)) === 'skills' && path.basename(folder) !== '..';
}

/** The sha256 of every file a candidate will write, as {@link digestSkillFolder} reads them back. */
export function digestCandidate(candidate: Pick<SkillCandidate, 'skillBytes' | 'files'>) {
  const digests: Record<string, string> = { 'SKILL.md': sha256Hex(candidate.skillBytes) };
  for (const file of candidate.files) digests[file.path] = sha256Hex(file.bytes);
  return digests;
}

/** Whether two digest maps list the same files with the same contents. */
export function sameDigests(
  left: Readonly<Record<string, string>>,
  right: Readonly<Record<string, string>>,
): boolean {
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}

/** The lock's entry for a name, matched case-insensitively as skill names are. */
export function findLockEntry(
  lock: SkillLock,
  name: string,
): [name: string, entry: SkillLockEntry] | undefined {
  const wanted = name.toLowerCase();
  return Object.entries(lock.skills).find(([key]) => key.toLowerCase() === wanted);
}
