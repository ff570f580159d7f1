import type { SkillIssue } from '../skill/skill-issue.ts';
import { createIssue } from './create-issue.ts';
import { SKILL_FILE_NAME } from './rank-skill-file-names.ts';
import type { SkillProfile } from './skill-profile.ts';

/**
 * Checks the name a skill file was found under: `SKILL.md` is right; lowercase `skill.md` is read
 * with a warning (the reference validator accepts it); any other casing (`Skill.md`) is a warning
 * in `default` and an error in `strict`, since the spec requires the exact name.
 */
export function checkSkillFileName(
  fileName: string,
  profile: SkillProfile,
): SkillIssue | undefined {
  if (fileName === SKILL_FILE_NAME) return undefined;
  if (fileName === 'skill.md') {
    return createIssue(
      'lowercase_skill_file',
      'warning',
      'the skill file is named skill.md; rename it to SKILL.md, the name other tools expect',
    );
  }
  return createIssue(
    'misnamed_skill_file',
    profile === 'strict' ? 'error' : 'warning',
    `the skill file is named ${fileName}; rename it to SKILL.md — the Agent Skills spec requires that exact name, and other tools will not find the skill`,
  );
}
