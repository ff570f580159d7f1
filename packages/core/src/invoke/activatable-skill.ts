import type { SkillManifest } from '../skill/skill-manifest.ts';

/** What activation needs to know about a skill; a registry or source supplies it. */
export interface ActivatableSkill {
  manifest: SkillManifest;
  /** The Markdown body of `SKILL.md`, without frontmatter. */
  body: string;
  /** The skill's folder, for `${SKILL_DIR}` and the inline header. */
  dir?: string;
  /** The skill's files relative to its folder, listed in the inline header. */
  files?: readonly string[];
}

/** Finds another skill by name for `references`; may read its body on demand. */
export type SkillLookup = (
  name: string,
) => ActivatableSkill | undefined | Promise<ActivatableSkill | undefined>;
