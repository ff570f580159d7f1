import { SkillsetError } from '../errors/skillset-error.ts';
import { checkSkillPathLimits, describeSkillPath } from '../format/skill-path-limits.ts';

/** Options for {@link normalizeSkillFilePath}. */
export interface NormalizeSkillFilePathOptions {
  /**
   * Refuse what would otherwise be rewritten — backslashes, `.` and empty segments — and control
   * characters: for paths received from elsewhere (a server), which must already be `a/b.txt`.
   */
  exact?: boolean;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * Normalises a path relative to a skill folder to `a/b.txt`, refusing absolute paths, `..`, and
 * paths over the length and depth limits (`skill-path-limits.ts`); with `exact`, also any path
 * not already in that form.
 */
export function normalizeSkillFilePath(
  relativePath: string,
  options: NormalizeSkillFilePathOptions = {},
): string {
  const refuse = (reason: string): never => {
    throw new SkillsetError({
      code: 'invalid_skill_file_path',
      message: `Invalid skill file path ${describeSkillPath(relativePath)}: ${reason}.`,
      details: { path: relativePath },
    });
  };
  if (relativePath.length === 0) refuse('the path is empty');
  if (relativePath.includes('\0')) refuse('the path contains a NUL character');
  if (options.exact && CONTROL_CHARACTERS.test(relativePath)) {
    refuse('the path contains a control character');
  }
  const slashed = relativePath.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    refuse('use a path relative to the skill folder');
  }
  if (options.exact && slashed !== relativePath) refuse('it contains a backslash');
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '..') refuse('".." segments are not allowed');
    if (segment === '' || segment === '.') {
      if (options.exact) refuse('it has an empty or "." segment');
      continue;
    }
    segments.push(segment);
  }
  if (segments.length === 0) refuse('the path names the skill folder itself');
  const problem = checkSkillPathLimits(segments);
  if (problem !== undefined) refuse(problem.reason);
  return segments.join('/');
}
