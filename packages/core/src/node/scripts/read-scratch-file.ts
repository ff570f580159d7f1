import { constants } from 'node:fs';
import { type FileHandle, lstat, open, readlink, realpath } from 'node:fs/promises';
import { join } from 'node:path';
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

function linkRefusal(path: string, link: string): SkillsetError<SkillScriptErrorCode> {
  return new SkillsetError<SkillScriptErrorCode>({
    code: 'scratch_path_outside',
    message: `Refusing to read ${JSON.stringify(path)}: ${link === path ? 'it is' : `${JSON.stringify(link)} is`} a symbolic link a script made, and links in the scratch folder are never followed.`,
    details: { path, link },
  });
}

/** Where an open file really is (Linux), so a folder swapped for a link after the checks is caught. */
async function openedPath(file: FileHandle): Promise<string | undefined> {
  return readlink(`/proc/self/fd/${file.fd}`).catch(() => undefined);
}

/**
 * Reads up to `maxBytes` of a regular file inside `scratchDir`; refuses a path that leaves the
 * folder or passes through a symbolic link (a script may have made it), and never opens a pipe or
 * device (`scratch_path_outside`, `scratch_file_not_found`).
 */
export async function readScratchFile(
  scratchDir: string,
  relativePath: string,
  maxBytes: number,
): Promise<ScratchFileRead> {
  const path = normalizeSkillFilePath(relativePath);
  const segments = path.split('/');
  let absolute = await realpath(scratchDir);
  for (const [index, segment] of segments.entries()) {
    absolute = join(absolute, segment);
    const stats = await lstat(absolute).catch(() => undefined);
    if (stats === undefined) throw notFound(path, '');
    if (stats.isSymbolicLink()) throw linkRefusal(path, segments.slice(0, index + 1).join('/'));
    const last = index === segments.length - 1;
    if (last && stats.isDirectory()) throw notFound(path, ' (it is a folder, not a file)');
    if (last ? !stats.isFile() : !stats.isDirectory()) throw notFound(path, '');
  }
  // O_NOFOLLOW and O_NONBLOCK: a link or a pipe swapped in after the checks is refused, not opened.
  const flags = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
  const file = await open(absolute, flags).catch(() => {
    throw notFound(path, '');
  });
  try {
    const stats = await file.stat();
    const where = await openedPath(file);
    if (!stats.isFile() || (where !== undefined && where !== absolute)) throw notFound(path, '');
    const buffer = Buffer.alloc(Math.min(maxBytes, stats.size));
    const { bytesRead } = await file.read(buffer, 0, buffer.length, 0);
    return { bytes: new Uint8Array(buffer.subarray(0, bytesRead)), size: stats.size };
  } finally {
    await file.close();
  }
}
