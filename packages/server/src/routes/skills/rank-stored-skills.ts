import { type CatalogSkill, createSkillIndex } from '@skillset/core';
import type { StoredSkill } from '@skillset/store';

/**
 * Orders skills by their relevance to `query` with core's search index (name, description, tags,
 * category), best first; equally relevant skills keep their given order.
 */
export function rankStoredSkills(skills: readonly StoredSkill[], query: string): StoredSkill[] {
  if (query.trim() === '' || skills.length < 2) return [...skills];
  const documents = skills.map((skill): CatalogSkill => {
    const document: CatalogSkill = {
      name: skill.name,
      description: skill.description,
      tags: skill.tags,
    };
    if (skill.category !== null) document.category = skill.category;
    return document;
  });
  const positions = new Map(documents.map((document, position) => [document, position]));
  const scores = new Float64Array(skills.length);
  for (const hit of createSkillIndex(documents).rank(query, { limit: skills.length })) {
    scores[positions.get(hit.skill) as number] = hit.score;
  }
  return skills
    .map((skill, position) => ({ skill, position }))
    .sort(
      (left, right) =>
        (scores[right.position] as number) - (scores[left.position] as number) ||
        left.position - right.position,
    )
    .map(({ skill }) => skill);
}
