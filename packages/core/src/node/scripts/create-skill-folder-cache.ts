import { chmod, lstat, mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { SkillsetError } from '../../errors/skillset-error.ts';
import type { SkillRegistry } from '../../registry/create-registry.ts';
import type { SkillEntry } from '../../registry/skill-entry.ts';
import { normalizeSkillFilePath } from '../../source/normalize-skill-file-path.ts';
import type { SkillScriptErrorCode } from './skill-script-error-code.ts';

/** Options for {@link createSkillFolderCache}. */
export interface SkillFolderCacheOptions {
  /** The cache's folder, made private (0700) if missing; refused if others may write it. */
  root: string;
}

/** Skill folders written from a registry (e.g. the database) so their scripts can run. */
export interface SkillFolderCache {
  /**
   * The folder holding the files of `entry`, written once per `key` (the content digest of the
   * skill's version: the same key must always mean the same files). Files are read-only (0444).
   */
  folderOf(registry: SkillRegistry, entry: SkillEntry, key: string): Promise<string>;
}

const KEY = /^[A-Za-z0-9:_-]{8,200}$/;

function refuse(message: string, cause?: unknown): SkillsetError<SkillScriptErrorCode> {
  return new SkillsetError<SkillScriptErrorCode>({
    code: 'skill_folder_unavailable',
    message,
    ...(cause === undefined ? {} : { cause }),
  });
}

/** Makes the root if missing and checks that only this user can change it. */
async function checkRoot(root: string): Promise<void> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  const stats = await lstat(root);
  const uid = process.getuid?.();
  if (!stats.isDirectory() || (uid !== undefined && stats.uid !== uid)) {
    throw refuse(`The skill folder cache ${root} is not a folder of this user; remove it.`);
  }
  if ((stats.mode & 0o022) !== 0) {
    throw refuse(`Others may write the skill folder cache ${root}; run: chmod 700 ${root}`);
  }
}

async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined))?.isDirectory() === true;
}

/** Writes every file of the entry into a fresh folder under `root`, returning its path. */
async function writeSkillFolder(
  registry: SkillRegistry,
  entry: SkillEntry,
  root: string,
): Promise<string> {
  const partial = await mkdtemp(join(root, '.partial-'));
  try {
    for (const file of await registry.listFiles(entry)) {
      const path = normalizeSkillFilePath(file.path);
      const target = join(partial, path);
      await mkdir(dirname(target), { recursive: true, mode: 0o755 });
      await writeFile(target, await registry.readFile(entry, file.path), { mode: 0o444 });
    }
    // A sandbox run as root reads the folder as an unprivileged user.
    await chmod(partial, 0o755);
    return partial;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Creates a cache of skill folders keyed by content digest: a stored skill version is written
 * to disk once (to a temporary folder, then renamed into place), and reused by every run.
 */
export function createSkillFolderCache(options: SkillFolderCacheOptions): SkillFolderCache {
  const { root } = options;
  const writing = new Map<string, Promise<string>>();
  let checked: Promise<void> | undefined;
  return {
    folderOf(registry, entry, key) {
      if (!KEY.test(key)) {
        return Promise.reject(refuse(`Invalid skill folder cache key ${JSON.stringify(key)}.`));
      }
      const folder = join(root, key.replaceAll(':', '-'));
      let pending = writing.get(folder);
      if (pending === undefined) {
        pending = (async () => {
          checked ??= checkRoot(root).catch((error: unknown) => {
            checked = undefined;
            throw error;
          });
          await checked;
          if (await exists(folder)) return folder;
          const written = await writeSkillFolder(registry, entry, root);
          try {
            await rename(written, folder);
          } catch (error) {
            // Another process wrote the same version first: theirs has the same files.
            await rm(written, { recursive: true, force: true });
            if (!(await exists(folder))) throw error;
          }
          return folder;
        })().finally(() => writing.delete(folder));
        writing.set(folder, pending);
      }
      return pending;
    },
  };
}
