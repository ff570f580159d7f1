import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The file a server on PGlite keeps in its data folder while it runs: `{pid, url}`. It only tells
 * `skillset sign-in-link` where the server listens; the store's lock file (`skillset.lock`,
 * decision 0060) is what keeps a second process out of the folder.
 */
export const RUNNING_SERVER_FILE = 'server.json';

/** A server running on a data folder. */
export interface RunningServerInfo {
  pid: number;
  url: string;
}

/** Records that this process serves `dataDir` at `url`. */
export async function writeRunningServerFile(dataDir: string, url: string): Promise<void> {
  const info: RunningServerInfo = { pid: process.pid, url };
  await writeFile(join(dataDir, RUNNING_SERVER_FILE), `${JSON.stringify(info)}\n`, { mode: 0o600 });
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
  return isAlive(info.pid) ? { pid: info.pid, url: info.url } : undefined;
}
