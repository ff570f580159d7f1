import { SkillsetError } from '../errors/skillset-error.ts';
import { checkSkillName } from '../format/check-skill-name.ts';
import { parseSkill } from '../format/parse-skill.ts';
import type { SkillIssue } from '../skill/skill-issue.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';

/** Options for {@link checkSkillWrite}. */
export interface CheckSkillWriteOptions {
  text: string;
  /** The name the skill must keep (an update); absent for a new skill. */
  name?: string;
}

/** The verdict on a `SKILL.md` about to be written: the manifest and warnings, or every issue. */
export type CheckSkillWriteResult =
  | { valid: true; manifest: SkillManifest; body: string; warnings: SkillIssue[] }
  | { valid: false; issues: SkillIssue[] };

/** The write rule of every surface: a `SKILL.md` must parse without errors and, on an update, keep its name. */
export function checkSkillWrite(options: CheckSkillWriteOptions): CheckSkillWriteResult {
  const parsed = parseSkill(options.text);
  const issues = [...parsed.issues];
  const manifest = parsed.manifest;
  if (manifest !== undefined) {
    const nameReported = issues.some(
      (issue) => issue.field === 'name' && issue.severity === 'error',
    );
    for (const problem of nameReported ? [] : checkSkillName(manifest.name)) {
      issues.push({
        code: problem.code,
        severity: 'error',
        message: problem.message,
        field: 'name',
      });
    }
    if (options.name !== undefined && manifest.name.toLowerCase() !== options.name.toLowerCase()) {
      issues.push({
        code: 'name_changed',
        severity: 'error',
        message: `The name must stay ${JSON.stringify(options.name)} (got ${JSON.stringify(manifest.name)}); to rename, create the new skill and delete the old one.`,
        field: 'name',
      });
    }
  }
  if (manifest === undefined || issues.some((issue) => issue.severity === 'error')) {
    return { valid: false, issues };
  }
  return { valid: true, manifest, body: parsed.body, warnings: issues };
}

/** Like {@link checkSkillWrite} but throws `invalid_skill` (with `details.issues`); for stores. */
export function assertSkillWrite(options: CheckSkillWriteOptions): SkillManifest {
  const result = checkSkillWrite(options);
  if (result.valid) return result.manifest;
  const errors = result.issues.filter((issue) => issue.severity === 'error');
  throw new SkillsetError({
    code: 'invalid_skill',
    message: `The SKILL.md is invalid: ${errors.map((issue) => issue.message).join('; ')}.`,
    details: { issues: result.issues },
  });
}
