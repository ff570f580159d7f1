import { utf8Length } from './utf8-length.ts';

/** Longest path of a file in a skill folder, in UTF-8 bytes (`a/b/c.txt`). */
export const MAX_SKILL_PATH_BYTES = 1024;
/** Longest file or folder name in a skill, in UTF-8 bytes (the common file-system limit). */
export const MAX_SKILL_PATH_SEGMENT_BYTES = 255;
/** Most levels of a path in a skill folder (`a/b/c.txt` has 3). */
export const MAX_SKILL_PATH_DEPTH = 32;

/** Why a path breaks a limit, with the issue code a package reports for it. */
export interface SkillPathLimitProblem {
  code: 'path_too_long' | 'path_too_deep';
  /** Completes "Invalid path …: <reason>". */
  reason: string;
}

/** Room for what surrounds the path, e.g. the one top-level folder of a ZIP. */
export interface SkillPathAllowance {
  levels: number;
  bytes: number;
}

/** Shows a path in a message: whole when short, else its start and its length. */
export function describeSkillPath(path: string): string {
  return path.length <= 120
    ? JSON.stringify(path)
    : `${JSON.stringify(`${path.slice(0, 60)}…`)} (${path.length} characters)`;
}

/**
 * Checks a normalised path's segments against the depth, length and name-length limits; returns
 * the first broken one. Checked before anything else reads the path, so a huge path costs little.
 */
export function checkSkillPathLimits(
  segments: readonly string[],
  allowance: SkillPathAllowance = { levels: 0, bytes: 0 },
): SkillPathLimitProblem | undefined {
  const maxDepth = MAX_SKILL_PATH_DEPTH + allowance.levels;
  if (segments.length > maxDepth) {
    return {
      code: 'path_too_deep',
      reason: `it is ${segments.length} levels deep, more than the ${maxDepth} allowed; flatten the folders`,
    };
  }
  let bytes = Math.max(0, segments.length - 1);
  for (const segment of segments) {
    const length = utf8Length(segment);
    if (length > MAX_SKILL_PATH_SEGMENT_BYTES) {
      return {
        code: 'path_too_long',
        reason: `the name ${describeSkillPath(segment)} is ${length} bytes, more than the ${MAX_SKILL_PATH_SEGMENT_BYTES} a file or folder name may have; shorten it`,
      };
    }
    bytes += length;
  }
  const maxBytes = MAX_SKILL_PATH_BYTES + allowance.bytes;
  if (bytes > maxBytes) {
    return {
      code: 'path_too_long',
      reason: `it is ${bytes} bytes long, more than the ${maxBytes} allowed; shorten it`,
    };
  }
  return undefined;
}
