import { lchown, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

interface Owner {
  uid: number;
  gid: number;
}

async function walk(folder: string, visit: (path: string, owner: Owner) => Promise<void>) {
  const stats = await lstat(folder);
  await visit(folder, stats);
  if (!stats.isDirectory()) return;
  for (const name of await readdir(folder)) await walk(join(folder, name), visit);
}

/**
 * Hands the scratch folder to the uid a root-run sandbox drops to, so the script can write it;
 * the returned function gives every entry back to its owner, and new ones to the folder's owner.
 * Never follows a symlink (`lchown`), so a link the script made cannot redirect it.
 */
export async function lendScratchFolder(folder: string, uid: number): Promise<() => Promise<void>> {
  const owners = new Map<string, Owner>();
  await walk(folder, async (path, owner) => {
    owners.set(path, { uid: owner.uid, gid: owner.gid });
    await lchown(path, uid, uid);
  });
  const folderOwner = owners.get(folder) as Owner;
  return async () => {
    await walk(folder, async (path) => {
      const owner = owners.get(path) ?? folderOwner;
      await lchown(path, owner.uid, owner.gid);
    });
  };
}
