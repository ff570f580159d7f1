import { createHash } from 'node:crypto';
import { lstat, readdir, readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';
import type { ConnectContext } from './agent-connector.ts';
import { writeJsonSettings } from './json-settings-file.ts';
import { recordedPath, storedPath } from './recorded-file.ts';

/** A whole file connect writes for an agent (OpenCode's plugin), taken back while unchanged. */
export interface OwnedFile {
  /** Absolute path. */
  file: string;
  text: string;
  /** What the file is, for messages ("Skillset's OpenCode plugin"). */
  label: string;
}

/** What the record keeps of a file connect wrote. */
export interface OwnedFileRecord {
  /** Stored as settings files are: relative to the project, absolute for `--global`. */
  file: string;
  /** SHA-256 (hex) of the text connect wrote. */
  sha256: string;
  /** The folders connect created to hold it, outermost first (stored the same way). */
  folders: string[];
}

/** An owned file as connect will leave it: unchanged, or written (with the folders to create). */
export interface OwnedFilePlan {
  owned: OwnedFile;
  record: OwnedFileRecord;
  /** The file already holds this text. */
  unchanged: boolean;
  created: boolean;
}

/** What disconnect did with the files connect wrote. */
export interface OwnedFilesUndo {
  removed: string[];
  leftAlone: Array<{ file: string; reason: string }>;
}

const sha256 = (text: string | Buffer) => createHash('sha256').update(text).digest('hex');

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  const stat = await lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (stat === undefined) return undefined;
  if (!stat.isFile()) {
    throw new SkillsetError<CliErrorCode>({
      code: 'settings_conflict',
      message: `${file} is not a regular file; connect writes a file there — move it away and run the command again (nothing was changed).`,
      details: { file },
    });
  }
  return readFile(file);
}

/** The folders above `file` that do not exist yet, outermost first. */
async function missingFolders(file: string): Promise<string[]> {
  const missing: string[] = [];
  let folder = path.dirname(file);
  while ((await lstat(folder).catch(() => undefined)) === undefined) {
    missing.unshift(folder);
    const parent = path.dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  return missing;
}

/**
 * Plans the files a connector owns, writing nothing: a file already holding the text is left, a
 * file connect wrote before (its recorded hash) is replaced, and any other file at that path is
 * refused, so connect never overwrites a file it did not write.
 */
export async function planOwnedFiles(
  context: ConnectContext,
  files: readonly OwnedFile[],
  previous: readonly OwnedFileRecord[],
  shown: (file: string) => string,
): Promise<OwnedFilePlan[]> {
  return Promise.all(
    files.map(async (owned) => {
      const before = previous.find((record) => recordedPath(context, record.file) === owned.file);
      const current = await readIfPresent(owned.file);
      const wanted = sha256(owned.text);
      if (
        current !== undefined &&
        sha256(current) !== wanted &&
        before?.sha256 !== sha256(current)
      ) {
        throw new SkillsetError<CliErrorCode>({
          code: 'settings_conflict',
          message: `${shown(owned.file)} exists and was not written by skillset connect; move it away and run the command again (nothing was changed).`,
          details: { file: shown(owned.file) },
        });
      }
      const folders =
        current === undefined
          ? (await missingFolders(owned.file)).map((folder) => storedPath(context, folder))
          : (before?.folders ?? []);
      return {
        owned,
        record: { file: storedPath(context, owned.file), sha256: wanted, folders },
        unchanged: current !== undefined && sha256(current) === wanted,
        created: current === undefined,
      };
    }),
  );
}

/** Writes the planned files that do not hold their text yet. */
export async function writeOwnedFiles(plans: readonly OwnedFilePlan[]): Promise<void> {
  for (const plan of plans) {
    if (!plan.unchanged) await writeJsonSettings(plan.owned.file, plan.owned.text);
  }
}

/** Deletes a folder connect created when it is empty. */
async function removeIfEmpty(folder: string): Promise<void> {
  const entries = await readdir(folder).catch(() => undefined);
  if (entries !== undefined && entries.length === 0) await rmdir(folder).catch(() => undefined);
}

/**
 * Takes back the files connect wrote: each one still holding the text connect wrote is deleted
 * (with the folders connect created for it, once empty); one changed since is left and reported.
 */
export async function removeOwnedFiles(
  context: ConnectContext,
  records: readonly OwnedFileRecord[],
  shown: (file: string) => string,
): Promise<OwnedFilesUndo> {
  const undo: OwnedFilesUndo = { removed: [], leftAlone: [] };
  for (const record of records) {
    const file = recordedPath(context, record.file);
    const current = await readIfPresent(file).catch(() => undefined);
    if (current === undefined) continue;
    if (sha256(current) !== record.sha256) {
      undo.leftAlone.push({
        file,
        reason: `${shown(file)} was changed since connect wrote it; left as it is (delete it yourself if Skillset should no longer run there)`,
      });
      continue;
    }
    await rm(file, { force: true });
    undo.removed.push(file);
    for (const folder of [...record.folders].reverse()) {
      await removeIfEmpty(recordedPath(context, folder));
    }
  }
  return undo;
}
