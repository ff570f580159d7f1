import { normalizeSkillFilePath, type SkillManifest, SkillsetError } from '@skillset/core';
import { checkSkillWrite, DEFAULT_SKILL_LIMITS, type SkillLimits } from '@skillset/core/authoring';
import { computeVersionHash } from '../content/compute-version-hash.ts';
import { guessMimeType } from '../content/guess-mime-type.ts';
import { sha256 } from '../content/sha256.ts';
import { sha256OffThread } from '../content/sha256-off-thread.ts';
import type { SkillFileInput } from './skill-types.ts';
import type { StoreIssueCode, StoreSkillIssue } from './store-issue-code.ts';

/** A file ready to store; `content` is absent for a file carried over from an earlier version. */
export interface PreparedFile {
  path: string;
  hash: string;
  size: number;
  mime: string;
  content?: Uint8Array;
}

/** Everything a new version row needs. */
export interface PreparedContent {
  name: string;
  manifest: SkillManifest;
  skillMd: string;
  description: string;
  tags: string[];
  category: string | null;
  searchText: string;
  hash: string;
  /** Every file, `SKILL.md` first. */
  files: PreparedFile[];
}

/** The file name of the skill's main file. */
export const SKILL_FILE = 'SKILL.md';

const encoder = new TextEncoder();

function issue(code: StoreIssueCode, message: string, field?: string): StoreSkillIssue {
  return field === undefined
    ? { code, severity: 'error', message }
    : { code, severity: 'error', message, field };
}

/** Normalises and hashes the given files (off the event loop); bad paths and duplicates become issues. */
export async function prepareFiles(files: readonly SkillFileInput[]): Promise<{
  files: PreparedFile[];
  issues: StoreSkillIssue[];
}> {
  const prepared: PreparedFile[] = [];
  const issues: StoreSkillIssue[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    let path: string;
    try {
      path = normalizeSkillFilePath(file.path);
    } catch (error) {
      if (!SkillsetError.isInstance(error)) throw error;
      issues.push(issue('invalid_file_path', error.message, file.path));
      continue;
    }
    if (path.toLowerCase() === SKILL_FILE.toLowerCase()) {
      issues.push(
        issue('skill_file_in_files', 'Give SKILL.md as the skill text, not as a file.', path),
      );
      continue;
    }
    if (seen.has(path)) {
      issues.push(
        issue('duplicate_file', `The file ${JSON.stringify(path)} is given twice.`, path),
      );
      continue;
    }
    seen.add(path);
    const content = typeof file.content === 'string' ? encoder.encode(file.content) : file.content;
    prepared.push({
      path,
      hash: '',
      size: content.byteLength,
      mime: file.mime ?? guessMimeType(path),
      content,
    });
  }
  await Promise.all(
    prepared.map(async (file) => {
      file.hash = await sha256OffThread(file.content as Uint8Array);
    }),
  );
  return { files: prepared, issues };
}

/** Options for {@link prepareSkillContent}. */
export interface PrepareSkillContentOptions {
  skillMd: string;
  /** The other files, already prepared. */
  files: readonly PreparedFile[];
  /** The skill's current name, when updating: the manifest name must stay the same. */
  expectedName?: string;
  /** Tighter package limits than core's defaults (a server's). */
  limits?: PackageLimits;
}

/** How many files and bytes one skill may hold. */
export type PackageLimits = Partial<Pick<SkillLimits, 'maxPackageFiles' | 'maxPackageBytes'>>;

/** Validates `SKILL.md` with core's parser and the package limits, and computes the content address. */
export function prepareSkillContent(
  options: PrepareSkillContentOptions,
): { ok: true; content: PreparedContent } | { ok: false; issues: StoreSkillIssue[] } {
  const checked = checkSkillWrite({
    text: options.skillMd,
    ...(options.expectedName === undefined ? {} : { name: options.expectedName }),
  });
  if (!checked.valid) {
    return { ok: false, issues: checked.issues.filter((found) => found.severity === 'error') };
  }
  const { manifest, body } = checked;
  const skillBytes = encoder.encode(options.skillMd);
  const files: PreparedFile[] = [
    {
      path: SKILL_FILE,
      hash: sha256(skillBytes),
      size: skillBytes.byteLength,
      mime: 'text/markdown',
      content: skillBytes,
    },
    ...options.files,
  ];
  const limits = { ...DEFAULT_SKILL_LIMITS, ...options.limits };
  if (files.length > limits.maxPackageFiles) {
    return {
      ok: false,
      issues: [
        issue(
          'too_many_files',
          `A skill may have at most ${limits.maxPackageFiles} files (got ${files.length}).`,
        ),
      ],
    };
  }
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > limits.maxPackageBytes) {
    return {
      ok: false,
      issues: [
        issue(
          'package_too_large',
          `A skill may hold at most ${limits.maxPackageBytes} bytes (got ${total}).`,
        ),
      ],
    };
  }
  const searchText = [
    manifest.name,
    manifest.description,
    manifest.tags.join(' '),
    manifest.category ?? '',
    body,
  ]
    .join('\n')
    .toLowerCase();
  return {
    ok: true,
    content: {
      name: manifest.name,
      manifest,
      skillMd: options.skillMd,
      description: manifest.description,
      tags: manifest.tags,
      category: manifest.category ?? null,
      searchText,
      hash: computeVersionHash(files),
      files,
    },
  };
}
