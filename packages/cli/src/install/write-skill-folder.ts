import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  open,
  realpath,
  rename,
  rm,
  symlink,
} from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';
import { findSkillLayoutProblem } from './find-skill-layout-problem.ts';
import type { SkillCandidate } from './skill-candidate.ts';

/** Options for {@link writeSkillFolder}. */
export interface WriteSkillFolderOptions {
  /** The folder to create (`.claude/skills/deploy`). */
  target: string;
  /** Replace what is at `target` (a folder or a link). */
  force?: boolean;
  /** Write these files (`SKILL.md` and the rest, execute bits kept)… */
  skill?: Pick<SkillCandidate, 'skillBytes' | 'files'>;
  /** …or make `target` a relative symbolic link to this folder (absolute). */
  linkTo?: string;
}

/** What {@link writeSkillFolder} did. */
export interface WriteSkillFolderResult {
  /** Something was at `target` and was replaced (`force`). */
  replaced: boolean;
}

/** Folders are 0755 and files 0644 (0755 when executable), whatever the umask. */
const FOLDER_MODE = 0o755;

/** A new file only: never one that exists, never through a symbolic link. */
const CREATE_FLAGS =
  constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

async function writeFileWithMode(file: string, bytes: Uint8Array, mode: number): Promise<void> {
  const handle = await open(file, CREATE_FLAGS, mode);
  try {
    await handle.writeFile(bytes);
    await handle.chmod(mode);
  } finally {
    await handle.close();
  }
}

/** Creates the folders of `relative` below `root` (which exists), each 0755, entering no link. */
async function makeFolders(root: string, relative: string[]): Promise<void> {
  let folder = root;
  for (const part of relative) {
    folder = path.join(folder, part);
    const stats = await lstat(folder).catch(() => undefined);
    if (stats?.isDirectory()) continue;
    if (stats !== undefined) throw new Error(`${folder} is in the way of a folder`);
    await mkdir(folder);
    await chmod(folder, FOLDER_MODE);
  }
}

async function exists(file: string): Promise<boolean> {
  return (await lstat(file).catch(() => undefined)) !== undefined;
}

/** Throws `install_target_exists` naming the folder and `--force`. */
export function targetExistsError(target: string): SkillsetError<CliErrorCode> {
  return new SkillsetError<CliErrorCode>({
    code: 'install_target_exists',
    message: `${target} already exists; pass --force to replace it.`,
    details: { path: target },
  });
}

/**
 * Writes a skill folder (or a relative link to one) atomically: everything goes into a temporary
 * sibling that is renamed into place, so a failure leaves nothing partial; a replaced folder is
 * moved aside first and removed only once the new one is in place. Folders get mode 0755, files
 * 0644 or 0755 (executable), whatever the umask. A folder name that is not a skill name, or a file
 * path that would leave the folder, refuses the whole skill (`unsafe_skill_layout`) before anything
 * is written; no file is written through a symbolic link.
 */
export async function writeSkillFolder(
  options: WriteSkillFolderOptions,
): Promise<WriteSkillFolderResult> {
  const { target, force = false, linkTo } = options;
  const problem = findSkillLayoutProblem({
    name: path.basename(target),
    paths:
      options.skill === undefined
        ? []
        : ['SKILL.md', ...options.skill.files.map((file) => file.path)],
  });
  if (problem !== undefined) {
    throw new SkillsetError<CliErrorCode>({
      code: 'unsafe_skill_layout',
      message: `Refusing to write ${target}: ${problem}; nothing of it was written.`,
      details: { path: target },
    });
  }
  const parent = path.dirname(target);
  const replaced = await exists(target);
  if (replaced && !force) throw targetExistsError(target);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}.adding-`));
  const backup = path.join(parent, `.${path.basename(target)}.replaced-${randomUUID()}`);
  let movedAside = false;
  try {
    let ready = staging;
    if (linkTo !== undefined) {
      ready = path.join(staging, 'link');
      // Relative to the real parent, so moving a folder holding both keeps the link working.
      const [from, to] = await Promise.all([
        realpath(parent),
        realpath(linkTo).catch(() => linkTo),
      ]);
      const relative = path.relative(from, to) || '.';
      await symlink(relative, ready, 'dir');
    } else if (options.skill !== undefined) {
      await chmod(staging, FOLDER_MODE);
      for (const file of options.skill.files) {
        const parts = file.path.split('/');
        await makeFolders(staging, parts.slice(0, -1));
        await writeFileWithMode(
          path.join(staging, ...parts),
          file.bytes,
          file.executable ? 0o755 : 0o644,
        );
      }
      await writeFileWithMode(path.join(staging, 'SKILL.md'), options.skill.skillBytes, 0o644);
    }
    if (replaced) {
      await rename(target, backup);
      movedAside = true;
    }
    try {
      await rename(ready, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTEMPTY' || code === 'EEXIST') throw targetExistsError(target);
      throw error;
    }
    if (movedAside) await rm(backup, { recursive: true, force: true });
  } catch (error) {
    if (movedAside && !(await exists(target))) await rename(backup, target).catch(() => {});
    throw error;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { replaced };
}
