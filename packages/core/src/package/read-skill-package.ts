import { resolveSkillLimits, type SkillLimits } from '../format/skill-limits.ts';
import { checkSkillPathLimits, describeSkillPath } from '../format/skill-path-limits.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import { checkPackageEntries } from './check-package-entries.ts';
import { type CheckedZipEntry, checkZipEntry } from './check-zip-entry.ts';
import { inflateZipEntry } from './inflate-zip-entry.ts';
import { isExecutableEntry } from './is-executable-entry.ts';
import { locateEntryData } from './locate-entry-data.ts';
import { locateSkillRoot } from './locate-skill-root.ts';
import { createPackageIssue } from './package-issue-codes.ts';
import { readZipDirectory } from './read-zip-directory.ts';
import type { SkillPackageFile } from './skill-package-file.ts';

/** Options for {@link readSkillPackage}. */
export interface ReadSkillPackageOptions {
  limits?: Partial<SkillLimits>;
  /** Largest accepted unpacked:packed ratio of an entry over 64 KiB; default 200. */
  maxCompressionRatio?: number;
}

/** A readable skill package: its `SKILL.md` text, other files and warnings. */
export interface SkillPackageContents {
  ok: true;
  /** The `SKILL.md` text, decoded as UTF-8 and otherwise untouched (BOM and CRLF kept for `parseSkill`). */
  skillText: string;
  /** The other files, by path relative to the skill folder, sorted by path; `executable` from a Unix mode. */
  files: SkillPackageFile[];
  /** The top-level folder the skill was in, if it was in one. */
  folderName?: string;
  /** Warnings only (ignored entries, backslashes, a lowercase `skill.md`). */
  issues: SkillIssue[];
}

/** A refused upload: every error found, and nothing unpacked. */
export interface SkillPackageRefusal {
  ok: false;
  issues: SkillIssue[];
}

/** The outcome of {@link readSkillPackage}. */
export type ReadSkillPackageResult = SkillPackageContents | SkillPackageRefusal;

/** The default largest unpacked:packed ratio of an entry: text compresses 3–10:1, a ZIP bomb ~1,000:1. */
export const DEFAULT_MAX_COMPRESSION_RATIO = 200;

const MAX_REPORTED_ISSUES = 50;

function refuse(issues: SkillIssue[]): SkillPackageRefusal {
  if (issues.length <= MAX_REPORTED_ISSUES) return { ok: false, issues };
  const kept = issues.slice(0, MAX_REPORTED_ISSUES);
  const first = issues[MAX_REPORTED_ISSUES] as SkillIssue;
  kept.push({
    code: first.code,
    severity: 'error',
    message: `…and ${issues.length - MAX_REPORTED_ISSUES} more problems not listed.`,
  });
  return { ok: false, issues: kept };
}

function listWarnings(checked: readonly CheckedZipEntry[]): SkillIssue[] {
  const warnings: SkillIssue[] = [];
  const ignored = checked.filter((item) => item.kind === 'ignored').map((item) => item.entry.name);
  if (ignored.length > 0) {
    const shown = ignored.slice(0, 3).map((name) => JSON.stringify(name));
    const more = ignored.length > 3 ? ` and ${ignored.length - 3} more` : '';
    warnings.push(
      createPackageIssue(
        'ignored_entry',
        'warning',
        `Ignored ${ignored.length} macOS metadata ${ignored.length === 1 ? 'entry' : 'entries'} (${shown.join(', ')}${more}); they are not part of the skill.`,
      ),
    );
  }
  const backslashed = checked.filter((item) => item.usedBackslashes && item.kind === 'file');
  if (backslashed.length > 0) {
    const example = (backslashed[0] as CheckedZipEntry).entry.name;
    warnings.push(
      createPackageIssue(
        'backslash_separator',
        'warning',
        `${backslashed.length} entry names use "\\" as the folder separator (first: ${JSON.stringify(example)}); they were read as "/" — ZIP names should use "/".`,
        example,
      ),
    );
  }
  return warnings;
}

function decodeSkillFile(bytes: Uint8Array, name: string): string | SkillIssue {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return createPackageIssue(
      'invalid_utf8',
      'error',
      `${name} is not valid UTF-8; re-save the file as UTF-8.`,
      name,
    );
  }
}

function read(bytes: Uint8Array, options: ReadSkillPackageOptions): ReadSkillPackageResult {
  const limits = resolveSkillLimits(options.limits);
  const maxCompressionRatio = options.maxCompressionRatio ?? DEFAULT_MAX_COMPRESSION_RATIO;
  const directory = readZipDirectory(bytes);
  if (!directory.ok) return refuse([directory.issue]);

  const checked = directory.entries.map(checkZipEntry);
  const files = checked.filter((item) => item.kind === 'file');
  const errors = checked.flatMap((item) => item.issues);
  errors.push(...checkPackageEntries(files, { limits, maxCompressionRatio }));
  if (errors.length > 0) return refuse(errors);

  const root = locateSkillRoot(files.map((file) => file.path));
  if (!root.ok) return refuse([root.issue]);
  const skillFile = files.find((file) => file.path === root.skillFilePath) as CheckedZipEntry;
  const prefix = root.folderName === undefined ? '' : `${root.folderName}/`;
  // Exact now that the top-level folder is known: the limits of a path in the skill folder.
  const pathIssues = files.flatMap(({ path, entry }) => {
    const problem = checkSkillPathLimits(path.slice(prefix.length).split('/'));
    return problem === undefined
      ? []
      : [
          createPackageIssue(
            problem.code,
            'error',
            `Entry ${describeSkillPath(entry.name)}: ${problem.reason}.`,
            entry.name,
          ),
        ];
  });
  if (pathIssues.length > 0) return refuse(pathIssues);
  if (skillFile.entry.uncompressedSize > limits.maxSkillFileBytes) {
    return refuse([
      createPackageIssue(
        'file_too_large',
        'error',
        `${root.skillFilePath} is ${skillFile.entry.uncompressedSize} bytes, more than the ${limits.maxSkillFileBytes} allowed; move long material into reference files.`,
        skillFile.entry.name,
      ),
    ]);
  }

  const located = [];
  for (const file of files) {
    const place = locateEntryData(bytes, file.entry, directory.directoryOffset);
    if (!place.ok) return refuse([place.issue]);
    located.push({ file, ...place });
  }
  located.sort((left, right) => left.headerStart - right.headerStart);
  for (let index = 1; index < located.length; index++) {
    const previous = located[index - 1] as (typeof located)[number];
    const current = located[index] as (typeof located)[number];
    if (current.headerStart < previous.dataEnd) {
      return refuse([
        createPackageIssue(
          'overlapping_entries',
          'error',
          `Entries ${JSON.stringify(previous.file.entry.name)} and ${JSON.stringify(current.file.entry.name)} share stored data, a ZIP bomb technique; re-create the ZIP with a standard tool.`,
          current.file.entry.name,
        ),
      ]);
    }
  }

  let skillText = '';
  const contents: SkillPackageFile[] = [];
  for (const { file, dataStart, dataEnd } of located) {
    const inflated = inflateZipEntry(bytes.subarray(dataStart, dataEnd), file.entry);
    if (!inflated.ok) return refuse([inflated.issue]);
    if (file === skillFile) {
      const text = decodeSkillFile(inflated.bytes, root.skillFilePath);
      if (typeof text !== 'string') return refuse([text]);
      skillText = text;
    } else {
      const path = file.path.slice(prefix.length);
      contents.push(
        isExecutableEntry(file.entry)
          ? { path, bytes: inflated.bytes, executable: true }
          : { path, bytes: inflated.bytes },
      );
    }
  }
  contents.sort((left, right) => (left.path < right.path ? -1 : left.path > right.path ? 1 : 0));

  const issues = listWarnings(checked);
  if (root.skillFilePath.endsWith('skill.md')) {
    issues.push(
      createPackageIssue(
        'lowercase_skill_file',
        'warning',
        `The skill file is named ${JSON.stringify(root.skillFilePath)}; rename it to SKILL.md.`,
        skillFile.entry.name,
      ),
    );
  }
  const result: SkillPackageContents = { ok: true, skillText, files: contents, issues };
  if (root.folderName !== undefined) result.folderName = root.folderName;
  return result;
}

/**
 * Reads an uploaded skill ZIP (claude.ai layout) after checking every entry's name, type, size and
 * compression ratio from the central directory; never throws on bad input.
 */
export function readSkillPackage(
  bytes: Uint8Array,
  options: ReadSkillPackageOptions = {},
): ReadSkillPackageResult {
  try {
    return read(bytes, options);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return refuse([
      createPackageIssue(
        'not_a_zip',
        'error',
        `The ZIP could not be read (${detail}); re-create it with a standard tool.`,
      ),
    ]);
  }
}
