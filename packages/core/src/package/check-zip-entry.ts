import { checkSkillPathLimits, describeSkillPath } from '../format/skill-path-limits.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import { createPackageIssue } from './package-issue-codes.ts';
import type { ZipDirectoryEntry } from './read-zip-directory.ts';
import {
  FLAG_ENCRYPTED,
  FLAG_STRONG_ENCRYPTION,
  METHOD_DEFLATE,
  METHOD_STORED,
  UNIX_DIRECTORY,
  UNIX_REGULAR_FILE,
  UNIX_SYMLINK,
  UNIX_TYPE_MASK,
} from './zip-constants.ts';

/** What an entry is once its name and attributes are checked. */
export interface CheckedZipEntry {
  entry: ZipDirectoryEntry;
  /** `ignored` = macOS metadata (`__MACOSX/`, `.DS_Store`), skipped with a warning. */
  kind: 'file' | 'directory' | 'ignored';
  /** The normalised path (`a/b.txt`), with `\` read as `/`; empty for the root folder. */
  path: string;
  usedBackslashes: boolean;
  /** Errors that refuse the whole package. */
  issues: SkillIssue[];
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

function describe(name: string): string {
  return describeSkillPath(name);
}

function checkName(entry: ZipDirectoryEntry): SkillIssue | undefined {
  const { name } = entry;
  const shown = describe(name);
  if (!entry.nameIsValidUtf8) {
    return createPackageIssue(
      'invalid_entry_name',
      'error',
      `Entry ${shown} has a name that is not valid UTF-8; re-create the ZIP with a tool that writes UTF-8 names (zip 3.0+, 7-Zip, macOS Finder, Windows 11).`,
      name,
    );
  }
  if (name.length === 0) {
    return createPackageIssue(
      'invalid_entry_name',
      'error',
      `Entry ${entry.index + 1} has an empty name; re-create the ZIP.`,
    );
  }
  if (CONTROL_CHARACTERS.test(name)) {
    return createPackageIssue(
      'invalid_entry_name',
      'error',
      `Entry ${shown} has a NUL or control character in its name; rename the file.`,
      name,
    );
  }
  if (/^[/\\]/.test(name) || /^[a-zA-Z]:/.test(name)) {
    return createPackageIssue(
      'absolute_path',
      'error',
      `Entry ${shown} has an absolute path; ZIP entries must be relative to the archive root (zip the skill folder from its parent folder).`,
      name,
    );
  }
  const segments = name.split(/[/\\]/);
  if (segments.includes('..')) {
    return createPackageIssue(
      'zip_slip',
      'error',
      `Entry ${shown} has a ".." segment that points outside the skill folder; remove it from the ZIP.`,
      name,
    );
  }
  // The limits are those of a path in the skill folder, plus its one top-level folder in the ZIP.
  const problem = checkSkillPathLimits(
    segments.filter((segment) => segment !== '' && segment !== '.'),
    { levels: 1, bytes: 256 },
  );
  if (problem !== undefined) {
    return createPackageIssue(problem.code, 'error', `Entry ${shown}: ${problem.reason}.`, name);
  }
  return undefined;
}

function checkAttributes(entry: ZipDirectoryEntry, directory: boolean): SkillIssue | undefined {
  const shown = describe(entry.name);
  const fileType = Math.floor(entry.externalAttributes / 0x10000) & UNIX_TYPE_MASK;
  if (fileType === UNIX_SYMLINK) {
    return createPackageIssue(
      'symlink_entry',
      'error',
      `Entry ${shown} is a symbolic link; skill packages hold regular files only — replace the link with the file it points to.`,
      entry.name,
    );
  }
  if (fileType !== 0 && fileType !== UNIX_REGULAR_FILE && fileType !== UNIX_DIRECTORY) {
    return createPackageIssue(
      'special_file_entry',
      'error',
      `Entry ${shown} is a special file (device, pipe or socket); skill packages hold regular files only.`,
      entry.name,
    );
  }
  if ((entry.flags & (FLAG_ENCRYPTED | FLAG_STRONG_ENCRYPTION)) !== 0) {
    return createPackageIssue(
      'encrypted_entry',
      'error',
      `Entry ${shown} is encrypted; upload a ZIP without a password.`,
      entry.name,
    );
  }
  if (directory) return undefined;
  if (entry.method !== METHOD_STORED && entry.method !== METHOD_DEFLATE) {
    return createPackageIssue(
      'unsupported_compression',
      'error',
      `Entry ${shown} uses compression method ${entry.method}; only stored (0) and deflate (8) are supported — re-create the ZIP with default settings.`,
      entry.name,
    );
  }
  if (entry.method === METHOD_STORED && entry.compressedSize !== entry.uncompressedSize) {
    return createPackageIssue(
      'corrupt_entry',
      'error',
      `Entry ${shown} is stored uncompressed but declares ${entry.compressedSize} stored and ${entry.uncompressedSize} unpacked bytes; the ZIP is damaged — re-create it.`,
      entry.name,
    );
  }
  return undefined;
}

function isIgnorable(segments: readonly string[]): boolean {
  return segments[0] === '__MACOSX' || segments.at(-1) === '.DS_Store';
}

/** Checks one central directory entry's name, type and method, and normalises its path. */
export function checkZipEntry(entry: ZipDirectoryEntry): CheckedZipEntry {
  const usedBackslashes = entry.name.includes('\\');
  const fileType = Math.floor(entry.externalAttributes / 0x10000) & UNIX_TYPE_MASK;
  const directory = /[/\\]$/.test(entry.name) || fileType === UNIX_DIRECTORY;
  const segments = entry.name.split(/[/\\]/).filter((segment) => segment !== '' && segment !== '.');
  const path = segments.join('/');
  const nameIssue = checkName(entry);
  const issue = nameIssue ?? checkAttributes(entry, directory);
  const kind = isIgnorable(segments) ? 'ignored' : directory || path === '' ? 'directory' : 'file';
  return { entry, kind, path, usedBackslashes, issues: issue === undefined ? [] : [issue] };
}
