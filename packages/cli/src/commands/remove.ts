import { lstat, rm } from 'node:fs/promises';
import path from 'node:path';
import { checkLockedFolders, unmanagedFolderMessage } from '../install/check-locked-folders.ts';
import { displayFolder, type InstallScope, installRoot } from '../install/install-root.ts';
import {
  describeLocalEdits,
  type LocalEdits,
  readSkillLock,
  type SkillLock,
  writeSkillLock,
} from '../install/skill-lock.ts';
import { findLockEntry, skillLockFile } from '../install/skill-lock-file.ts';
import { printJson, printLine, type Terminal } from '../output/terminal.ts';

/** Options for {@link runRemove}. */
export interface RemoveCommandOptions {
  names: string[];
  scope: InstallScope;
  /** Remove skills with local edits too. */
  force?: boolean;
  json?: boolean;
}

interface RemovePlan {
  name: string;
  folders: string[];
  localEdits?: LocalEdits;
  error?: string;
}

function fail(terminal: Terminal, message: string): number {
  terminal.stderr.write(`skillset: error: ${message}\n`);
  return 1;
}

async function planRemoval(
  terminal: Terminal,
  options: RemoveCommandOptions,
  lockFile: string,
  lock: SkillLock,
  name: string,
): Promise<RemovePlan> {
  const found = findLockEntry(lock, name);
  if (found === undefined) {
    const folder = path.join(installRoot(terminal, options.scope), name);
    const present = (await lstat(folder).catch(() => undefined)) !== undefined;
    const yourself = present
      ? `delete ${displayFolder(terminal, folder)} yourself`
      : 'delete the folder yourself';
    const error = `${name} is not in ${displayFolder(terminal, lockFile)}: it was not installed by skillset add; ${yourself}.`;
    return { name, folders: present ? [folder] : [], error };
  }
  const [key, entry] = found;
  const checked = await checkLockedFolders(terminal, options.scope, lockFile, entry);
  if (checked.unmanaged !== undefined) {
    const error = unmanagedFolderMessage(terminal, lockFile, checked.unmanaged);
    return { name: key, folders: checked.folders, error };
  }
  // Only changed and added files are someone's work; a deleted file loses nothing more.
  const edited = checked.edits.filter(
    (found) => found.edits.changed.length + found.edits.added.length > 0,
  );
  if (edited.length === 0) return { name: key, folders: checked.folders };
  const localEdits = edited[0]?.edits;
  const where = edited.map((found) => displayFolder(terminal, found.folder)).join(', ');
  const described = edited.map((found) => describeLocalEdits(found.edits)).join('; ');
  const plan = { name: key, folders: checked.folders, ...(localEdits ? { localEdits } : {}) };
  if (options.force) return plan;
  return {
    ...plan,
    error: `${key} has local edits in ${where} (${described}); pass --force to remove it anyway.`,
  };
}

/**
 * `skillset remove name...`: deletes the folders the lockfile says `skillset add` installed and
 * their entries; refuses a skill the lockfile does not list, or one edited locally without `--force`.
 */
export async function runRemove(
  terminal: Terminal,
  options: RemoveCommandOptions,
): Promise<number> {
  const lockFile = skillLockFile(terminal, options.scope);
  let lock: SkillLock;
  try {
    lock = await readSkillLock(lockFile);
  } catch (error) {
    return fail(terminal, (error as Error).message);
  }
  const plans: RemovePlan[] = [];
  for (const name of options.names) {
    const plan = await planRemoval(terminal, options, lockFile, lock, name);
    if (!plans.some((other) => other.name === plan.name)) plans.push(plan);
  }
  const refused = plans.filter((plan) => plan.error !== undefined);
  if (refused.length === 0) {
    for (const plan of plans) {
      for (const folder of plan.folders) await rm(folder, { recursive: true, force: true });
      delete lock.skills[plan.name];
    }
    await writeSkillLock(lockFile, lock);
  }
  if (options.json) {
    printJson(terminal, {
      scope: options.scope,
      lockfile: lockFile,
      removed: refused.length === 0,
      skills: plans,
    });
  } else if (refused.length === 0) {
    for (const plan of plans) {
      const folders = plan.folders.map((folder) => displayFolder(terminal, folder)).join(', ');
      printLine(terminal, `Removed ${plan.name} (${folders}).`);
    }
  }
  for (const plan of refused) terminal.stderr.write(`skillset: error: ${plan.error}\n`);
  return refused.length === 0 ? 0 : fail(terminal, 'nothing was removed.');
}
