import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { SkillsetError } from '../../errors/skillset-error.ts';
import { normalizeSkillFilePath } from '../../source/normalize-skill-file-path.ts';
import type { SandboxErrorCode } from './sandbox-error-code.ts';

/** A script found inside its skill folder, symlinks resolved. */
export interface ResolvedSkillScript {
  /** The skill folder's real path. */
  skillDir: string;
  /** The script's real path on this machine. */
  path: string;
  /** The script's real path relative to the skill folder, with `/` separators. */
  relativePath: string;
  /** The file's mode bits. */
  mode: number;
}

function outside(
  skillDir: string,
  script: string,
  reason: string,
): SkillsetError<SandboxErrorCode> {
  return new SkillsetError<SandboxErrorCode>({
    code: 'script_outside_skill',
    message: `Refusing to run ${JSON.stringify(script)}: ${reason}. Name a file inside the skill folder ${skillDir}, e.g. scripts/convert.py.`,
    details: { skillDir, script },
  });
}

/**
 * Finds `script` inside `skillDir`: refuses absolute paths, `..` and symlinks that lead out of
 * the folder (checked on real paths, before anything runs).
 */
export async function resolveSkillScript(
  skillDir: string,
  script: string,
): Promise<ResolvedSkillScript> {
  const slashed = script.replaceAll('\\', '/');
  if (isAbsolute(script) || slashed.startsWith('/')) {
    throw outside(skillDir, script, 'it is an absolute path');
  }
  if (slashed.split('/').includes('..')) throw outside(skillDir, script, 'it contains ".."');
  const normalized = normalizeSkillFilePath(script);
  const notFound = (cause?: unknown) =>
    new SkillsetError<SandboxErrorCode>({
      code: 'script_not_found',
      message: `No script ${JSON.stringify(normalized)} in the skill folder ${skillDir}. List the skill's files to see which scripts it ships.`,
      details: { skillDir, script: normalized },
      cause,
    });
  let realSkillDir: string;
  try {
    realSkillDir = await realpath(skillDir);
  } catch (error) {
    throw new SkillsetError<SandboxErrorCode>({
      code: 'script_not_found',
      message: `The skill folder ${skillDir} does not exist or cannot be read.`,
      details: { skillDir },
      cause: error,
    });
  }
  let realScript: string;
  try {
    realScript = await realpath(join(realSkillDir, normalized));
  } catch (error) {
    throw notFound(error);
  }
  if (!realScript.startsWith(`${realSkillDir}${sep}`)) {
    throw outside(
      skillDir,
      normalized,
      `it is a symbolic link to ${realScript}, outside the skill`,
    );
  }
  const stats = await stat(realScript);
  if (!stats.isFile()) throw notFound();
  return {
    skillDir: realSkillDir,
    path: realScript,
    relativePath: relative(realSkillDir, realScript).split(sep).join('/'),
    mode: stats.mode,
  };
}
