import { lstat } from 'node:fs/promises';
import type { Terminal } from '../output/terminal.ts';
import { displayFolder, type InstallScope } from './install-root.ts';
import { findLocalEdits, type LocalEdits, type SkillLockEntry } from './skill-lock.ts';
import { fromLockPath, isManagedSkillFolder } from './skill-lock-file.ts';

/** What {@link checkLockedFolders} found for one lock entry. */
export interface LockedFolders {
  /** The entry's folders, absolute. */
  folders: string[];
  /** A folder the lockfile names outside the scope's skills folders, which is never touched. */
  unmanaged?: string;
  /** Local edits, by folder, of the folders that differ from the lock's digests (a missing folder lists every file removed). */
  edits: Array<{ folder: string; edits: LocalEdits }>;
}

/** Resolves a lock entry's folders and compares each with the digests it was installed with. */
export async function checkLockedFolders(
  terminal: Terminal,
  scope: InstallScope,
  lockFile: string,
  entry: SkillLockEntry,
): Promise<LockedFolders> {
  const folders = entry.folders.map((folder) => fromLockPath(lockFile, folder));
  const unmanaged = folders.find((folder) => !isManagedSkillFolder(terminal, scope, folder));
  if (unmanaged !== undefined) return { folders, unmanaged, edits: [] };
  const edits: LockedFolders['edits'] = [];
  for (const folder of folders) {
    const stats = await lstat(folder).catch(() => undefined);
    const found = stats?.isDirectory()
      ? await findLocalEdits(folder, entry.files)
      : { changed: [], added: [], removed: Object.keys(entry.files).sort() };
    if (found !== undefined) edits.push({ folder, edits: found });
  }
  return { folders, edits };
}

/** "the lockfile names /etc/x, outside …/skills folders" — why an unmanaged folder is left alone. */
export function unmanagedFolderMessage(terminal: Terminal, lockFile: string, folder: string) {
  return `${displayFolder(terminal, lockFile)} names ${folder}, which is not in a skills folder of this scope; Skillset leaves it alone.`;
}
