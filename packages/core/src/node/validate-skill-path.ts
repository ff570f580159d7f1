import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { checkSkillFileName } from '../format/check-skill-file-name.ts';
import { createIssue } from '../format/create-issue.ts';
import { parseSkill } from '../format/parse-skill.ts';
import { isSkillFileName, rankSkillFileNames } from '../format/rank-skill-file-names.ts';
import type { FieldPositions } from '../format/read-skill-manifest.ts';
import { resolveSkillLimits, type SkillLimits } from '../format/skill-limits.ts';
import type { SkillProfile } from '../format/skill-profile.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';

/** Options for {@link validateSkillPath}. */
export interface ValidateSkillPathOptions {
  profile?: SkillProfile;
  /** Folder that a relative `path` is resolved against (default: the process's working folder). */
  cwd?: string;
  limits?: Partial<SkillLimits>;
}

/** The verdict for one skill folder. */
export interface ValidateSkillPathResult {
  /** The skill folder, resolved to an absolute path. */
  path: string;
  /** The `SKILL.md` that was read, when one was found. */
  file?: string;
  name?: string;
  description?: string;
  manifest?: SkillManifest;
  /** Where each field's key is in the file; present with the manifest. */
  fieldPositions?: FieldPositions;
  valid: boolean;
  issues: SkillIssue[];
}

/** Returns the skill file name in `folder`: `SKILL.md` first, else `skill.md`, else any other casing. */
export async function findSkillFile(folder: string): Promise<string | undefined> {
  return rankSkillFileNames(await readdir(folder))[0];
}

async function readPrefix(file: string, maxBytes: number): Promise<Uint8Array> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const buffer = new Uint8Array(Math.min(size, maxBytes + 1));
    let offset = 0;
    while (offset < buffer.length) {
      const { bytesRead } = await handle.read(buffer, offset, buffer.length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return buffer.subarray(0, offset);
  } finally {
    await handle.close();
  }
}

function failure(folder: string, issue: SkillIssue): ValidateSkillPathResult {
  return { path: folder, valid: false, issues: [issue] };
}

/** Validates the skill at `path` (a skill folder, its `SKILL.md`, or `.`), reading it from disk. */
export async function validateSkillPath(
  target: string,
  options: ValidateSkillPathOptions = {},
): Promise<ValidateSkillPathResult> {
  const resolved = path.resolve(options.cwd ?? process.cwd(), target);
  const stats = await stat(resolved).catch(() => undefined);
  if (stats === undefined) {
    return failure(
      resolved,
      createIssue(
        'path_not_found',
        'error',
        `${resolved} does not exist; pass a skill folder or its SKILL.md`,
      ),
    );
  }
  let folder = resolved;
  let fileName: string | undefined;
  if (stats.isFile()) {
    if (!isSkillFileName(path.basename(resolved))) {
      return failure(
        resolved,
        createIssue(
          'not_a_directory',
          'error',
          `${resolved} is not a folder; pass the skill folder (the one containing SKILL.md)`,
        ),
      );
    }
    folder = path.dirname(resolved);
    fileName = path.basename(resolved);
  } else if (!stats.isDirectory()) {
    return failure(
      resolved,
      createIssue(
        'not_a_directory',
        'error',
        `${resolved} is not a folder; pass the skill folder (the one containing SKILL.md)`,
      ),
    );
  } else {
    fileName = await findSkillFile(folder).catch(() => undefined);
    if (fileName === undefined) {
      return failure(
        folder,
        createIssue(
          'missing_skill_file',
          'error',
          `${folder} has no SKILL.md; create one with name and description frontmatter`,
        ),
      );
    }
  }
  const file = path.join(folder, fileName);
  const issues: SkillIssue[] = [];
  const profile = options.profile ?? 'default';
  const fileNameIssue = checkSkillFileName(fileName, profile);
  if (fileNameIssue !== undefined) issues.push(fileNameIssue);
  const limits = resolveSkillLimits(options.limits);
  let bytes: Uint8Array;
  try {
    bytes = await readPrefix(file, limits.maxSkillFileBytes);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return failure(
      folder,
      createIssue(
        'unreadable_skill_file',
        'error',
        `${file} could not be read (${detail}); check its permissions`,
      ),
    );
  }
  const parsed = parseSkill(bytes, {
    profile,
    folderName: path.basename(folder),
    limits,
  });
  issues.push(...parsed.issues);
  const result: ValidateSkillPathResult = {
    path: folder,
    file,
    valid: !issues.some((issue) => issue.severity === 'error'),
    issues,
  };
  if (parsed.manifest !== undefined) {
    result.manifest = parsed.manifest;
    if (parsed.fieldPositions !== undefined) result.fieldPositions = parsed.fieldPositions;
    result.name = parsed.manifest.name;
    result.description = parsed.manifest.description;
  }
  return result;
}
