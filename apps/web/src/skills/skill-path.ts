import type { SkillScope } from '../api/client.ts';

/** The page of a skill, with its scope so that the same skill opens even when several share a name. */
export function skillPath(skill: { name: string; scope: SkillScope }) {
  return `/skills/${encodeURIComponent(skill.name)}?scope=${skill.scope}`;
}
