import type { SkillLimits } from '../format/skill-limits.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { CheckedZipEntry } from './check-zip-entry.ts';
import { createPackageIssue } from './package-issue-codes.ts';

/** Options for {@link checkPackageEntries}. */
export interface CheckPackageEntriesOptions {
  limits: SkillLimits;
  maxCompressionRatio: number;
}

/** Entries smaller than this are not held to the compression ratio: they cannot amplify much. */
export const COMPRESSION_RATIO_FLOOR_BYTES = 64 * 1024;

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${bytes} bytes`;
}

function checkDuplicates(files: readonly CheckedZipEntry[]): SkillIssue[] {
  const issues: SkillIssue[] = [];
  const exact = new Map<string, string>();
  const folded = new Map<string, string>();
  const folders = new Set<string>();
  for (const file of files) {
    const segments = file.path.split('/');
    for (let length = 1; length < segments.length; length++) {
      folders.add(segments.slice(0, length).join('/'));
    }
  }
  for (const { path, entry } of files) {
    const shown = JSON.stringify(entry.name);
    const key = path.normalize('NFC').toLowerCase();
    const same = exact.get(path);
    const similar = folded.get(key);
    if (same !== undefined) {
      issues.push(
        createPackageIssue(
          'duplicate_entry',
          'error',
          `Entry ${shown} appears more than once (as ${JSON.stringify(path)}); re-create the ZIP so each file is in it once.`,
          entry.name,
        ),
      );
    } else if (similar !== undefined) {
      issues.push(
        createPackageIssue(
          'case_conflict',
          'error',
          `Entries ${JSON.stringify(similar)} and ${shown} differ only in letter case or Unicode normalisation and would overwrite each other on macOS and Windows; rename one of them.`,
          entry.name,
        ),
      );
    } else if (folders.has(path)) {
      issues.push(
        createPackageIssue(
          'duplicate_entry',
          'error',
          `Entry ${shown} is both a file and a folder in the ZIP; rename the file or the folder.`,
          entry.name,
        ),
      );
    }
    if (same === undefined) exact.set(path, entry.name);
    if (similar === undefined) folded.set(key, entry.name);
  }
  return issues;
}

function checkSizes(files: readonly CheckedZipEntry[], options: CheckPackageEntriesOptions) {
  const { limits, maxCompressionRatio } = options;
  const issues: SkillIssue[] = [];
  let total = 0;
  let anyTooLarge = false;
  for (const { entry } of files) {
    const shown = JSON.stringify(entry.name);
    total += entry.uncompressedSize;
    if (entry.uncompressedSize > limits.maxPackageBytes) {
      anyTooLarge = true;
      issues.push(
        createPackageIssue(
          'entry_too_large',
          'error',
          `Entry ${shown} unpacks to ${formatBytes(entry.uncompressedSize)}, more than the ${formatBytes(limits.maxPackageBytes)} a whole package may hold; leave it out or shrink it.`,
          entry.name,
        ),
      );
    }
    const ratio = entry.uncompressedSize / entry.compressedSize;
    if (entry.uncompressedSize > COMPRESSION_RATIO_FLOOR_BYTES && ratio > maxCompressionRatio) {
      issues.push(
        createPackageIssue(
          'compression_bomb',
          'error',
          `Entry ${shown} unpacks from ${formatBytes(entry.compressedSize)} to ${formatBytes(entry.uncompressedSize)} (${Number.isFinite(ratio) ? Math.round(ratio) : 'unbounded'}:1), more than the ${maxCompressionRatio}:1 allowed; such files are refused as possible ZIP bombs — leave it out of the package.`,
          entry.name,
        ),
      );
    }
  }
  if (total > limits.maxPackageBytes && !anyTooLarge) {
    issues.push(
      createPackageIssue(
        'package_too_large',
        'error',
        `The package unpacks to ${formatBytes(total)}, more than the ${formatBytes(limits.maxPackageBytes)} allowed; remove large files (datasets, binaries, node_modules).`,
      ),
    );
  }
  return issues;
}

/**
 * Checks the files of a package as declared in the central directory: duplicates, the number of
 * files, their sizes and compression ratios — before anything is inflated.
 */
export function checkPackageEntries(
  files: readonly CheckedZipEntry[],
  options: CheckPackageEntriesOptions,
): SkillIssue[] {
  // Entries already refused by name are left out: a path thousands of levels deep is not walked.
  const issues = checkDuplicates(files.filter((file) => file.issues.length === 0));
  if (files.length > options.limits.maxPackageFiles) {
    issues.push(
      createPackageIssue(
        'too_many_files',
        'error',
        `The package holds ${files.length} files, more than the ${options.limits.maxPackageFiles} allowed; remove generated or vendored files.`,
      ),
    );
  }
  issues.push(...checkSizes(files, options));
  return issues;
}
