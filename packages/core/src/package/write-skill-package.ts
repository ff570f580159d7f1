import { type Zippable, zipSync } from 'fflate';
import { SkillsetError } from '../errors/skillset-error.ts';
import { normalizeSkillFilePath } from '../source/normalize-skill-file-path.ts';
import type { SkillPackageFile } from './skill-package-file.ts';
import { UNIX_REGULAR_FILE } from './zip-constants.ts';

/** Options for {@link writeSkillPackage}. */
export interface WriteSkillPackageOptions {
  /** The folder the files are put in (the skill name); omit to put them at the archive root. */
  folderName?: string;
  /** The `SKILL.md` text; when given, `files` must not hold a `SKILL.md` too. */
  skillText?: string;
  /** The package files, by path relative to the skill folder. */
  files?: readonly SkillPackageFile[];
}

const encoder = new TextEncoder();
/** 1980-01-01 00:00 local time, the earliest a ZIP can hold: the same content gives the same bytes. */
const FIXED_MTIME = new Date(1980, 0, 1);
const UNIX = 3;

function comparePaths(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

function checkFolderName(folderName: string): void {
  if (
    folderName === '' ||
    folderName === '.' ||
    folderName === '..' ||
    /[/\\\0]/.test(folderName)
  ) {
    throw new SkillsetError({
      code: 'invalid_folder_name',
      message: `Invalid package folder name ${JSON.stringify(folderName)}: use one folder name without slashes, such as the skill name.`,
      details: { folderName },
    });
  }
}

/**
 * Writes a skill package as a ZIP: entries under `<folderName>/`, sorted by path, non-ASCII names
 * flagged UTF-8, Unix mode 0644 (0755 for an executable file) and a fixed timestamp, so the same
 * content always gives the same bytes.
 */
export function writeSkillPackage(options: WriteSkillPackageOptions): Uint8Array {
  const { folderName, skillText, files = [] } = options;
  if (folderName !== undefined) checkFolderName(folderName);
  const byPath = new Map<string, SkillPackageFile>();
  const add = (path: string, bytes: Uint8Array, executable = false) => {
    const normalized = normalizeSkillFilePath(path);
    if (byPath.has(normalized)) {
      throw new SkillsetError({
        code: 'duplicate_entry',
        message: `File ${JSON.stringify(normalized)} is given more than once; each path may appear once in a package.`,
        details: { path: normalized },
      });
    }
    byPath.set(normalized, { path: normalized, bytes, executable });
  };
  if (skillText !== undefined) add('SKILL.md', encoder.encode(skillText));
  for (const file of files) add(file.path, file.bytes, file.executable === true);
  const prefix = folderName === undefined ? '' : `${folderName}/`;
  const entries: Zippable = {};
  for (const path of [...byPath.keys()].sort(comparePaths)) {
    const file = byPath.get(path) as SkillPackageFile;
    const mode = UNIX_REGULAR_FILE | (file.executable === true ? 0o755 : 0o644);
    entries[prefix + path] = [file.bytes, { attrs: mode * 0x10000 }];
  }
  return zipSync(entries, { level: 9, mtime: FIXED_MTIME, os: UNIX });
}
