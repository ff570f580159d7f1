import { SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../../http/server-error-code.ts';

/** The `ETag` of a skill at a version: the version number as a strong entity tag. */
export function formatSkillEtag(version: number): string {
  return `"${version}"`;
}

/** Options for {@link readIfMatch}. */
export interface ReadIfMatchOptions {
  /** Refuse a missing header with 428 `precondition_required`. */
  required: boolean;
}

/**
 * Reads the version an `If-Match` header names (`"3"`, `W/"3"` or `3`); a missing required header
 * is `precondition_required`, anything else but one version is `invalid_request`.
 */
export function readIfMatch(
  header: string | undefined,
  options: ReadIfMatchOptions,
): number | undefined {
  const value = header?.trim();
  if (value === undefined || value === '') {
    if (!options.required) return undefined;
    throw new SkillsetError<ServerErrorCode>({
      code: 'precondition_required',
      message:
        'This change needs an If-Match header with the version you edited, e.g. If-Match: "3" (the ETag of GET /api/skills/{name}).',
    });
  }
  const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(value);
  if (match === null) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_request',
      message: `If-Match ${JSON.stringify(value)} does not name one version; send the ETag of the skill, e.g. If-Match: "3".`,
    });
  }
  return Number(match[1]);
}

/** The error for a stale `If-Match`: 409 `version_conflict`, naming the current version. */
export function versionConflict(
  name: string,
  expected: number,
  current: number,
): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'version_conflict',
    message: `Skill ${JSON.stringify(name)} is at version ${current}, not ${expected}; reload it, reapply your change and send If-Match: "${current}".`,
    details: {
      issues: [
        {
          code: 'version_conflict',
          severity: 'error',
          message: `The current version is ${current}.`,
          field: 'If-Match',
          currentVersion: current,
        },
      ],
    },
  });
}
