import type { SkillIssue } from '@skillset/core';
import type { SkillPackageFile } from '@skillset/core/authoring';

/** A skill read from an `add` source or a skill folder, validated, not yet written anywhere. */
export interface SkillCandidate {
  /** The name from the frontmatter, or the folder name when the frontmatter has none. */
  name: string;
  /** Where it was read from, for messages (`skills/deploy`, `deploy.zip`). */
  source: string;
  valid: boolean;
  issues: SkillIssue[];
  /** The `SKILL.md` bytes, untouched. */
  skillBytes: Uint8Array;
  /** The other files, by path relative to the skill folder. */
  files: SkillPackageFile[];
}
