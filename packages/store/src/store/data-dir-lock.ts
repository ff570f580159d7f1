import { randomBytes } from 'node:crypto';
import { link, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { StoreErrorCode } from './store-error-code.ts';

/** The file that marks a PGlite data folder as open by one process: `{pid, startedAt, command}`. */
export const DATA_DIR_LOCK_FILE = 'skillset.lock';

/** What the lock file of a data folder says about the process that holds it. */
export interface DataDirLockHolder {
  pid: number;
  /** When the holder took the lock (ISO 8601). */
  startedAt: string;
  /** The holder's command line, for the message a second process prints. */
  command: string;
}

/** A lock this process holds; `release` removes the file (once). */
export interface DataDirLock {
  readonly file: string;
  release(): Promise<void>;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<DataDirLockHolder | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
  try {
    const holder = JSON.parse(text) as Partial<DataDirLockHolder>;
    if (typeof holder.pid !== 'number' || !Number.isSafeInteger(holder.pid) || holder.pid <= 0) {
      return undefined;
    }
    return {
      pid: holder.pid,
      startedAt: typeof holder.startedAt === 'string' ? holder.startedAt : 'unknown',
      command: typeof holder.command === 'string' ? holder.command : 'unknown',
    };
  } catch {
    return undefined;
  }
}

/** The live process holding `dataDir`, if any (a lock left by a dead process does not count). */
export async function readDataDirLock(dataDir: string): Promise<DataDirLockHolder | undefined> {
  const holder = await readHolder(join(dataDir, DATA_DIR_LOCK_FILE));
  return holder !== undefined && isAlive(holder.pid) ? holder : undefined;
}

function lockedError(
  dataDir: string,
  file: string,
  holder: DataDirLockHolder,
): SkillsetError<StoreErrorCode> {
  const who = holder.pid === process.pid ? 'this process' : `process ${holder.pid}`;
  return new SkillsetError<StoreErrorCode>({
    code: 'data_dir_locked',
    message:
      `The data folder ${dataDir} is in use by ${who} (${holder.command}, since ${holder.startedAt}); ` +
      `PGlite allows one process per folder. Stop that process first, or use another folder ` +
      `(SKILLSET_DATA_DIR); if no such process is running, delete ${file}.`,
  });
}

/** Links the lock into place; false when another process's lock got there first. */
async function linkUnlessTaken(temporary: string, file: string): Promise<boolean> {
  try {
    await link(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Runs `work` holding `<lock>.takeover`, created exclusively: without it two processes that both
 * judged the same lock stale could each remove the other's fresh lock. A guard whose process is
 * gone is removed; a live one is waited for (it is held for a few file operations).
 */
async function withTakeoverGuard<Result>(
  file: string,
  work: () => Promise<Result>,
): Promise<Result> {
  const guard = `${file}.takeover`;
  const text = `${JSON.stringify({ pid: process.pid, startedAt: new Date().toISOString() })}\n`;
  for (;;) {
    try {
      await writeFile(guard, text, { flag: 'wx', mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readHolder(guard);
      const age = Date.now() - ((await stat(guard).catch(() => undefined))?.mtimeMs ?? Date.now());
      // Gone: its process died, or died between creating and writing it (it stays empty).
      const gone = holder === undefined ? age > 5000 : !isAlive(holder.pid);
      if (gone) await rm(guard, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }
  try {
    return await work();
  } finally {
    await rm(guard, { force: true });
  }
}

/**
 * Takes the exclusive lock of a PGlite data folder: a lock file created atomically (written to a
 * temporary file, then hard-linked into place, so it is never seen empty). A lock whose process is
 * gone (`kill -9`, a crash) is stale and taken over by exactly one process; a live one throws
 * `data_dir_locked`.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = join(dataDir, DATA_DIR_LOCK_FILE);
  const holder: DataDirLockHolder = {
    pid: process.pid,
    startedAt: new Date().toISOString(),
    command: process.argv
      .slice(1)
      .map((part) => part.split('/').at(-1))
      .join(' ')
      .slice(0, 200),
  };
  const text = `${JSON.stringify({ ...holder, nonce: randomBytes(8).toString('hex') })}\n`;
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await writeFile(temporary, text, { mode: 0o600 });
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await link(temporary, file);
        break;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 4) throw error;
      }
      const taken = await withTakeoverGuard(file, async () => {
        const current = await readHolder(file);
        if (current !== undefined && isAlive(current.pid)) {
          throw lockedError(dataDir, file, current);
        }
        // Stale (its process is gone) or unreadable: only the guard's holder replaces it.
        await rm(file, { force: true });
        return linkUnlessTaken(temporary, file);
      });
      if (taken) break;
    }
  } finally {
    await rm(temporary, { force: true });
  }
  let released = false;
  return {
    file,
    async release() {
      if (released) return;
      released = true;
      // Remove the file only while it is still ours.
      const current = await readFile(file, 'utf8').catch(() => undefined);
      if (current === text) await rm(file, { force: true });
    },
  };
}
