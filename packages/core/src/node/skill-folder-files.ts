import { lstat, readdir, readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { SkillsetError } from '../errors/skillset-error.ts';
import {
  checkSkillPathLimits,
  MAX_SKILL_PATH_BYTES,
  MAX_SKILL_PATH_DEPTH,
} from '../format/skill-path-limits.ts';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import type { SkillFileInfo } from '../source/skill-source.ts';
import { SKIPPED_FOLDER_NAMES } from './scan-skill-tree.ts';

/** Options for {@link listSkillFolderFiles}. */
export interface ListSkillFolderFilesOptions {
  /** Stop after this many files. */
  maxFiles?: number;
}

/**
 * Lists the files of a skill folder; symlinks are followed only when they stay inside the folder.
 * Files whose path breaks the path limits (`skill-path-limits.ts`) are left out, and folders past
 * the depth limit are not entered.
 */
export async function listSkillFolderFiles(
  folder: string,
  options: ListSkillFolderFilesOptions = {},
): Promise<SkillFileInfo[]> {
  const maxFiles = options.maxFiles ?? 10_000;
  const realFolder = await realpath(folder);
  const files: SkillFileInfo[] = [];
  const visited = new Set<string>([realFolder]);

  const walk = async (absolute: string, relative: string, depth: number): Promise<void> => {
    let entries: string[];
    try {
      entries = await readdir(absolute);
    } catch {
      return;
    }
    entries.sort();
    for (const name of entries) {
      if (files.length >= maxFiles) return;
      if (SKIPPED_FOLDER_NAMES.has(name)) continue;
      const path = join(absolute, name);
      const childRelative = relative === '' ? name : `${relative}/${name}`;
      const link = await lstat(path).catch(() => undefined);
      if (link === undefined) continue;
      let stats = link;
      if (link.isSymbolicLink()) {
        const target = await realpath(path).catch(() => undefined);
        if (target === undefined || !isInside(realFolder, target)) continue;
        const targetStats = await stat(target).catch(() => undefined);
        if (targetStats === undefined) continue;
        if (targetStats.isDirectory()) {
          if (visited.has(target)) continue;
          visited.add(target);
        }
        stats = targetStats;
      }
      if (stats.isDirectory()) {
        if (depth + 1 < MAX_SKILL_PATH_DEPTH && childRelative.length < MAX_SKILL_PATH_BYTES) {
          await walk(path, childRelative, depth + 1);
        }
      } else if (stats.isFile() && checkSkillPathLimits(childRelative.split('/')) === undefined) {
        files.push({ path: childRelative, size: stats.size });
      }
    }
  };

  await walk(folder, '', 0);
  return files;
}

/** Reads one file of a skill folder; refuses paths and symlinks that lead outside the folder. */
export async function readSkillFolderFile(
  folder: string,
  relativePath: string,
): Promise<Uint8Array> {
  const normalized = normalizeSkillFilePath(relativePath);
  const notFound = (cause?: unknown): SkillsetError =>
    new SkillsetError({
      code: 'skill_file_not_found',
      message: `No file ${JSON.stringify(normalized)} in skill folder ${folder}.`,
      details: { folder, path: normalized },
      cause,
    });
  if (normalized.split('/').some((segment) => SKIPPED_FOLDER_NAMES.has(segment))) {
    throw notFound();
  }
  let target: string;
  let realFolder: string;
  try {
    realFolder = await realpath(folder);
    target = await realpath(join(folder, normalized));
  } catch (error) {
    throw notFound(error);
  }
  if (!isInside(realFolder, target)) {
    throw new SkillsetError({
      code: 'invalid_skill_file_path',
      message: `Invalid skill file path ${JSON.stringify(normalized)}: it leads outside the skill folder.`,
      details: { folder, path: normalized },
    });
  }
  const stats = await stat(target);
  if (!stats.isFile()) throw notFound();
  return readFile(target);
}

function isInside(folder: string, path: string): boolean {
  return path.startsWith(folder.endsWith(sep) ? folder : `${folder}${sep}`);
}
