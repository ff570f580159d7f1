import { SkillsetError } from '../errors/skillset-error.ts';
import { checkSkillPathLimits, describeSkillPath } from '../format/skill-path-limits.ts';

/**
 * Normalises a path relative to a skill folder to `a/b.txt`, refusing absolute paths, `..`, and
 * paths over the length and depth limits (`skill-path-limits.ts`).
 */
export function normalizeSkillFilePath(relativePath: string): string {
  const refuse = (reason: string): never => {
    throw new SkillsetError({
      code: 'invalid_skill_file_path',
      message: `Invalid skill file path ${describeSkillPath(relativePath)}: ${reason}.`,
      details: { path: relativePath },
    });
  };
  if (relativePath.length === 0) refuse('the path is empty');
  if (relativePath.includes('\0')) refuse('the path contains a NUL character');
  const slashed = relativePath.replaceAll('\\', '/');
  if (slashed.startsWith('/') || /^[a-zA-Z]:/.test(slashed)) {
    refuse('use a path relative to the skill folder');
  }
  const segments: string[] = [];
  for (const segment of slashed.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') refuse('".." segments are not allowed');
    segments.push(segment);
  }
  if (segments.length === 0) refuse('the path names the skill folder itself');
  const problem = checkSkillPathLimits(segments);
  if (problem !== undefined) refuse(problem.reason);
  return segments.join('/');
}
