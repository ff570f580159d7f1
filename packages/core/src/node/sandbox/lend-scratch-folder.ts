import { lchown, lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

interface Owner {
  uid: number;
  gid: number;
}

/** The folders lent now, each with a promise that settles when it is given back. */
const loans = new Map<string, Promise<void>>();

async function walk(folder: string, visit: (path: string, owner: Owner) => Promise<void>) {
  const stats = await lstat(folder);
  await visit(folder, stats);
  if (!stats.isDirectory()) return;
  for (const name of await readdir(folder)) await walk(join(folder, name), visit);
}

/**
 * Hands the scratch folder to the uid a root-run sandbox drops to, so the script can write it;
 * the returned function gives every entry back to its owner, and new ones to the folder's owner.
 * Never follows a symlink (`lchown`). One loan per folder at a time: two runs sharing a folder as
 * two uids would lock each other out, so the second waits for the first.
 */
export async function lendScratchFolder(folder: string, uid: number): Promise<() => Promise<void>> {
  for (let loan = loans.get(folder); loan !== undefined; loan = loans.get(folder)) await loan;
  let release = () => {};
  loans.set(
    folder,
    new Promise((resolve) => {
      release = resolve;
    }),
  );
  const end = () => {
    loans.delete(folder);
    release();
  };
  const owners = new Map<string, Owner>();
  try {
    await walk(folder, async (path, owner) => {
      owners.set(path, { uid: owner.uid, gid: owner.gid });
      await lchown(path, uid, uid);
    });
  } catch (error) {
    end();
    throw error;
  }
  const folderOwner = owners.get(folder) as Owner;
  return async () => {
    try {
      await walk(folder, async (path) => {
        const owner = owners.get(path) ?? folderOwner;
        await lchown(path, owner.uid, owner.gid);
      });
    } finally {
      end();
    }
  };
}
