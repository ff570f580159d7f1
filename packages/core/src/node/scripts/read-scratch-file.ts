import { constants } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { SkillsetError } from '../../errors/skillset-error.ts';
import { normalizeSkillFilePath } from '../../source/normalize-skill-file-path.ts';
import type { ScratchFileRead } from '../../tools/skill-script-runner.ts';
import type { SkillScriptErrorCode } from './skill-script-error-code.ts';

function notFound(path: string, reason: string): SkillsetError<SkillScriptErrorCode> {
  return new SkillsetError<SkillScriptErrorCode>({
    code: 'scratch_file_not_found',
    message: `The scratch folder has no file ${JSON.stringify(path)}${reason}.`,
    details: { path },
  });
}

/**
 * Reads up to `maxBytes` of a regular file inside `scratchDir`; refuses a path that leaves the
 * folder, also through a symlink a script made (`scratch_path_outside`).
 */
export async function readScratchFile(
  scratchDir: string,
  relativePath: string,
  maxBytes: number,
): Promise<ScratchFileRead> {
  const path = normalizeSkillFilePath(relativePath);
  const root = await realpath(scratchDir);
  let real: string;
  try {
    real = await realpath(join(root, path));
  } catch {
    throw notFound(path, '');
  }
  if (!real.startsWith(`${root}${sep}`)) {
    throw new SkillsetError<SkillScriptErrorCode>({
      code: 'scratch_path_outside',
      message: `Refusing to read ${JSON.stringify(path)}: it leads out of the scratch folder (a symlink).`,
      details: { path },
    });
  }
  // O_NOFOLLOW: a link swapped in after the check is refused, not followed.
  const file = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => {
    throw notFound(path, '');
  });
  try {
    const stats = await file.stat();
    if (!stats.isFile()) throw notFound(path, ' (it is a folder, not a file)');
    const buffer = Buffer.alloc(Math.min(maxBytes, stats.size));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return { bytes: new Uint8Array(buffer.subarray(0, bytesRead)), size: stats.size };
  } finally {
    await file.close();
  }
}
