import { statSync } from 'node:fs';
import type { SkillSourceIssue } from '../source/skill-source.ts';

/**
 * Checks that a source root is an existing folder; returns the issue otherwise. A missing root is
 * an error when `required` (a folder the user named), else a warning.
 */
export function checkSourceRoot(root: string, required = false): SkillSourceIssue[] | undefined {
  const stats = statSync(root, { throwIfNoEntry: false });
  if (stats === undefined) {
    return [
      {
        code: 'source_root_missing',
        severity: required ? 'error' : 'warning',
        message: `Skill folder ${root} does not exist.`,
        path: root,
      },
    ];
  }
  if (!stats.isDirectory()) {
    return [
      {
        code: 'source_root_not_directory',
        severity: 'error',
        message: `Skill folder ${root} is not a folder.`,
        path: root,
      },
    ];
  }
  return undefined;
}
