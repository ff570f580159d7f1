import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The file a server on PGlite keeps in its data folder while it runs: `{pid, url, operatorSecret}`.
 * It tells `skillset sign-in-link` where the server listens and gives `skillset backup` the secret
 * of operator requests; the store's lock file (`skillset.lock`, decision 0060) is what keeps a
 * second process out of the folder.
 */
export const RUNNING_SERVER_FILE = 'server.json';

/** A server running on a data folder. */
export interface RunningServerInfo {
  pid: number;
  url: string;
  /**
   * The secret that authorises operator requests (the instance backup), new on every start;
   * absent when an earlier version wrote the file.
   */
  operatorSecret?: string;
}

/** Records, readable by this user only, that this process serves `dataDir` at `url`. */
export async function writeRunningServerFile(
  dataDir: string,
  url: string,
  operatorSecret: string,
): Promise<void> {
  const info: RunningServerInfo = { pid: process.pid, url, operatorSecret };
  // A new file renamed into place: a file left with wider permissions is never reused.
  const next = join(dataDir, `${RUNNING_SERVER_FILE}.${process.pid}.tmp`);
  await rm(next, { force: true });
  await writeFile(next, `${JSON.stringify(info)}\n`, { mode: 0o600, flag: 'wx' });
  await rename(next, join(dataDir, RUNNING_SERVER_FILE));
}

/** Removes the file when it is this process's. */
export async function removeRunningServerFile(dataDir: string): Promise<void> {
  if ((await readRunningServer(dataDir))?.pid === process.pid) {
    await rm(join(dataDir, RUNNING_SERVER_FILE), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The server running on `dataDir`, if its file names a live process. */
export async function readRunningServer(dataDir: string): Promise<RunningServerInfo | undefined> {
  let info: Partial<RunningServerInfo>;
  try {
    info = JSON.parse(await readFile(join(dataDir, RUNNING_SERVER_FILE), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof info.pid !== 'number' || typeof info.url !== 'string') return undefined;
  if (!isAlive(info.pid)) return undefined;
  return {
    pid: info.pid,
    url: info.url,
    ...(typeof info.operatorSecret === 'string' ? { operatorSecret: info.operatorSecret } : {}),
  };
}
