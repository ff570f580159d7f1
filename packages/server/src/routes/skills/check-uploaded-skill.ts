import {
  type CoreIssueCode,
  parseSkill,
  type SkillIssue,
  type SkillManifest,
} from '@skillset/core';
import { checkSkillWrite, type SkillPackageContents } from '@skillset/core/authoring';

/** A problem with an upload: core's codes, and `skill_exists` when a preview finds the name taken. */
export type UploadIssue = SkillIssue<CoreIssueCode | 'skill_exists'>;

/** Options for {@link checkUploadedSkill}. */
export interface CheckUploadedSkillOptions {
  contents: SkillPackageContents;
  /** The skill a new version is for: its name must stay. Absent for a new skill. */
  expectedName?: string;
}

/** What an upload would save: the name and description read, its files and every issue. */
export interface CheckUploadedSkillResult {
  valid: boolean;
  name: string | null;
  description: string | null;
  manifest?: SkillManifest;
  issues: SkillIssue[];
}

const sameIssue = (left: SkillIssue, right: SkillIssue) =>
  left.code === right.code && left.message === right.message && left.line === right.line;

/**
 * Validates an uploaded skill the way saving it does: the package's warnings, `parseSkill` with
 * the package's folder (a name mismatch is a warning) and the write rule of every surface.
 */
export function checkUploadedSkill(options: CheckUploadedSkillOptions): CheckUploadedSkillResult {
  const { contents } = options;
  const parsed = parseSkill(contents.skillText, {
    ...(contents.folderName === undefined ? {} : { folderName: contents.folderName }),
  });
  const checked = checkSkillWrite({
    text: contents.skillText,
    ...(options.expectedName === undefined ? {} : { name: options.expectedName }),
  });
  const written = checked.valid ? checked.warnings : checked.issues;
  const issues: SkillIssue[] = [
    ...contents.issues,
    ...parsed.issues,
    ...written.filter((issue) => !parsed.issues.some((known) => sameIssue(known, issue))),
  ];
  return {
    valid: !issues.some((issue) => issue.severity === 'error'),
    name: parsed.manifest?.name ?? null,
    description: parsed.manifest?.description ?? null,
    ...(parsed.manifest === undefined ? {} : { manifest: parsed.manifest }),
    issues,
  };
}
