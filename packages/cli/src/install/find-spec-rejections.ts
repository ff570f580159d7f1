import type { SkillIssue } from '@skillset/core';
import { validateSkillPath } from '@skillset/core/node';

/** Options for {@link findSpecRejections}. */
export interface FindSpecRejectionsOptions {
  /** The skill folder (holding `SKILL.md`), absolute. */
  folder: string;
  /** Who would reject the skill, for messages (`Claude Code`, `claude.ai`). */
  reader: string;
}

/**
 * Strict-profile errors that do not reach the written copy: the folder and the file are written
 * under the right names, and agents ignore frontmatter fields they do not know.
 */
const NOT_REJECTED = new Set(['name_folder_mismatch', 'misnamed_skill_file', 'unknown_field']);

const TOO_LONG = /is (\d+) characters long; the limit is (\d+)/;

function count(text: string): string {
  return Number(text).toLocaleString('en-US');
}

function reason(issue: SkillIssue, reader: string): string {
  const tooLong = issue.code.endsWith('_too_long') ? TOO_LONG.exec(issue.message) : null;
  if (tooLong !== null && issue.field !== undefined) {
    const [, length = '', limit = ''] = tooLong;
    return `${issue.field} is ${count(length)} characters; the Agent Skills spec allows ${count(limit)}; ${reader} would reject it — shorten it`;
  }
  return `${issue.message} (the Agent Skills spec); ${reader} would reject it — fix it`;
}

/**
 * The problems that make a skill folder, valid for Skillset, one an agent following the portable
 * Agent Skills spec would reject: the errors of the `strict` profile that `default` lets pass
 * (a description over 1,024 characters, YAML that only repair reads), each with a message naming
 * the reader and the fix.
 */
export async function findSpecRejections(
  options: FindSpecRejectionsOptions,
): Promise<SkillIssue[]> {
  const [strict, lenient] = await Promise.all([
    validateSkillPath(options.folder, { profile: 'strict' }),
    validateSkillPath(options.folder),
  ]);
  const lenientErrors = new Set(
    lenient.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.code),
  );
  return strict.issues
    .filter(
      (issue) =>
        issue.severity === 'error' &&
        !NOT_REJECTED.has(issue.code) &&
        !lenientErrors.has(issue.code),
    )
    .map((issue) => ({ ...issue, message: reason(issue, options.reader) }));
}
