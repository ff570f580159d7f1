import { SkillsetError } from '@skillset/core';
import type { StoredSkill, WriteVersionResult } from '@skillset/store';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { skillNotFound } from './find-skill.ts';
import { invalidSkill } from './save-new-skill.ts';
import { versionConflict } from './skill-etag.ts';

/** Turns the store's result of a version write into what was written, or the matching API error. */
export function unwrapVersionWrite(
  skill: StoredSkill,
  result: WriteVersionResult,
  expectedVersion: number,
): Extract<WriteVersionResult, { ok: true }> {
  if (result.ok) return result;
  switch (result.reason) {
    case 'not_found':
      throw skillNotFound(skill.name, skill.scope);
    case 'conflict':
      throw versionConflict(skill.name, expectedVersion, result.currentVersion);
    case 'invalid':
      throw invalidSkill(result.issues, 'The new SKILL.md');
    case 'version_not_found':
      throw new SkillsetError<ServerErrorCode>({
        code: 'version_not_found',
        message: `Skill ${JSON.stringify(skill.name)} has no version ${result.version}; list them with GET /api/skills/${encodeURIComponent(skill.name)}/versions.`,
      });
  }
}
