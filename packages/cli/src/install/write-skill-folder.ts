import { randomUUID } from 'node:crypto';
import { lstat, mkdir, mkdtemp, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SkillsetError } from '@skillset/core';
import type { CliErrorCode } from '../cli-error-code.ts';
import type { SkillCandidate } from './skill-candidate.ts';

/** Options for {@link writeSkillFolder}. */
export interface WriteSkillFolderOptions {
  /** The folder to create (`.claude/skills/deploy`). */
  target: string;
  /** Replace what is at `target` (a folder or a link). */
  force?: boolean;
  /** Write these files (`SKILL.md` and the rest, execute bits kept)… */
  skill?: Pick<SkillCandidate, 'skillBytes' | 'files'>;
  /** …or make `target` a symbolic link to this folder. */
  linkTo?: string;
}

/** What {@link writeSkillFolder} did. */
export interface WriteSkillFolderResult {
  /** Something was at `target` and was replaced (`force`). */
  replaced: boolean;
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
 * Writes a skill folder (or a link to one) atomically: everything goes into a temporary sibling
 * that is renamed into place, so a failure leaves nothing partial; a replaced folder is moved
 * aside first and removed only once the new one is in place.
 */
export async function writeSkillFolder(
  options: WriteSkillFolderOptions,
): Promise<WriteSkillFolderResult> {
  const { target, force = false } = options;
  const parent = path.dirname(target);
  const replaced = await exists(target);
  if (replaced && !force) throw targetExistsError(target);
  await mkdir(parent, { recursive: true });
  const staging = await mkdtemp(path.join(parent, `.${path.basename(target)}.adding-`));
  const backup = path.join(parent, `.${path.basename(target)}.replaced-${randomUUID()}`);
  let movedAside = false;
  try {
    let ready = staging;
    if (options.linkTo !== undefined) {
      ready = path.join(staging, 'link');
      await symlink(options.linkTo, ready, 'dir');
    } else if (options.skill !== undefined) {
      for (const file of options.skill.files) {
        const destination = path.join(staging, ...file.path.split('/'));
        await mkdir(path.dirname(destination), { recursive: true });
        await writeFile(destination, file.bytes, { mode: file.executable ? 0o755 : 0o644 });
      }
      await writeFile(path.join(staging, 'SKILL.md'), options.skill.skillBytes, { mode: 0o644 });
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
