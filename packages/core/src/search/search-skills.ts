import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createSkillIndex, type SkillIndex, type SkillSearchHit } from './create-skill-index.ts';

/** Options of `searchSkills`: an index built once, or the skills (an index is then built and kept per array). */
export interface SearchSkillsOptions {
  index?: SkillIndex;
  skills?: readonly CatalogSkill[];
  /** How many results (default 10). */
  limit?: number;
}

const indexes = new WeakMap<readonly CatalogSkill[], SkillIndex>();

/** Ranks skills by relevance to a query with the offline ranker; the `search_skills` tool's engine. */
export function searchSkills(query: string, options: SearchSkillsOptions): SkillSearchHit[] {
  let index = options.index;
  if (index === undefined) {
    const skills = options.skills ?? [];
    index = indexes.get(skills);
    if (index === undefined) {
      index = createSkillIndex(skills);
      indexes.set(skills, index);
    }
  }
  return index.search(query, { limit: options.limit ?? 10 });
}
