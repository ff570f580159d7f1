import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { resolveSkillLimits, type SkillPackageFile } from '@skillset/core/authoring';
import {
  findSkillFolderLinks,
  listSkillFolderFiles,
  readSkillFolderFile,
  SKILL_FILE_NAMES,
  validateSkillPath,
} from '@skillset/core/node';
import type { SkillCandidate } from './skill-candidate.ts';

/** Options for {@link readFolderCandidate}. */
export interface ReadFolderCandidateOptions {
  /** The skill folder (holding `SKILL.md`), absolute. */
  folder: string;
  /** How the folder is shown in messages. */
  source: string;
}

/**
 * Validates a skill folder as `skillset validate` does and reads its files into memory, with their
 * execute bits; too many or too large files make it invalid, and so does a symbolic link inside it,
 * which is never followed (what is copied, packed or installed holds regular files only).
 */
export async function readFolderCandidate(
  options: ReadFolderCandidateOptions,
): Promise<SkillCandidate> {
  const { folder, source } = options;
  const links = await findSkillFolderLinks(folder);
  if (links.length > 0) {
    return {
      name: path.basename(folder),
      source,
      valid: false,
      issues: links.map((link) => ({
        code: 'symlink_entry',
        severity: 'error' as const,
        message: `${JSON.stringify(link)} in ${source} is a symbolic link, which Skillset never follows or copies; replace it with the file or folder it points to.`,
        field: link,
      })),
      skillBytes: new Uint8Array(),
      files: [],
    };
  }
  const limits = resolveSkillLimits();
  const validated = await validateSkillPath(folder);
  const name = validated.name ?? path.basename(folder);
  // The skill is written to a folder named after it, so a source folder's other name does not matter.
  const issues = validated.issues.filter((issue) => issue.code !== 'name_folder_mismatch');
  const empty = { name, source, skillBytes: new Uint8Array(), files: [] };
  if (validated.file === undefined) return { ...empty, valid: false, issues };
  const skillFile = path.basename(validated.file);
  const listed = await listSkillFolderFiles(folder, { maxFiles: limits.maxPackageFiles + 1 });
  const others = listed.filter(
    (file) =>
      file.path !== skillFile && !(SKILL_FILE_NAMES as readonly string[]).includes(file.path),
  );
  const total = listed.reduce((sum, file) => sum + file.size, 0);
  if (listed.length > limits.maxPackageFiles || total > limits.maxPackageBytes) {
    issues.push({
      code: 'package_too_large',
      severity: 'error',
      message: `${source} holds ${listed.length > limits.maxPackageFiles ? `more than ${limits.maxPackageFiles} files` : `${total} bytes`}, more than a skill may (${limits.maxPackageFiles} files, ${limits.maxPackageBytes} bytes); remove what the skill does not need.`,
    });
  }
  if (issues.some((issue) => issue.severity === 'error')) {
    return { ...empty, valid: false, issues };
  }
  const files: SkillPackageFile[] = [];
  for (const file of others) {
    const bytes = await readSkillFolderFile(folder, file.path);
    const { mode } = await stat(path.join(folder, file.path));
    files.push(
      (mode & 0o111) !== 0
        ? { path: file.path, bytes, executable: true }
        : { path: file.path, bytes },
    );
  }
  const skillBytes = await readFile(validated.file);
  return { name, source, valid: true, issues, skillBytes, files };
}
