import {
  type CatalogSkill,
  createSkillIndex,
  explainSkillMatch,
  matchSkillWords,
  type RankerData,
  type SkillMatch,
  splitWords,
} from '@skillset/core';
import type { StoredSkill } from '@skillset/store';

/** A skill found by a library search, with why it matched. */
export interface FoundSkill {
  skill: StoredSkill;
  match: SkillMatch[];
}

function documentOf(skill: StoredSkill): CatalogSkill {
  const document: CatalogSkill = {
    name: skill.name,
    description: skill.description,
    tags: skill.tags,
  };
  if (skill.category !== null) document.category = skill.category;
  return document;
}

/**
 * Searches skills as people type: core's index over name, description, tags and category (any
 * word may match, stemmed, with synonyms), best first, a skill whose name is the query first of
 * all; each hit says which of its words matched where.
 */
export function searchStoredSkills(
  skills: readonly StoredSkill[],
  query: string,
  ranker: RankerData = {},
): FoundSkill[] {
  const documents = skills.map(documentOf);
  const byDocument = new Map(
    documents.map((document, position) => [document, skills[position] as StoredSkill]),
  );
  const index = createSkillIndex(documents, ranker);
  const exact = query.trim().toLowerCase().replace(/\s+/g, '-');
  const hits = index
    .rank(query, { limit: skills.length })
    .filter((hit) => hit.score > 0 || hit.skill.name.toLowerCase() === exact);
  const named = hits.filter((hit) => hit.skill.name.toLowerCase() === exact);
  const others = hits.filter((hit) => hit.skill.name.toLowerCase() !== exact);
  const found = [...named, ...others].map((hit) => ({
    skill: byDocument.get(hit.skill) as StoredSkill,
    match: explainSkillMatch(query, hit.skill, ranker.synonyms),
  }));
  // While a word is being typed it is a prefix: skills with a word starting so come last.
  const partial = splitWords(query).at(-1);
  if (partial === undefined || partial.length < 2 || /\s$/.test(query)) return found;
  const seen = new Set(found.map(({ skill }) => skill));
  for (const document of documents) {
    const skill = byDocument.get(document) as StoredSkill;
    if (seen.has(skill)) continue;
    const match = matchSkillWords(document, (word) => word.startsWith(partial));
    if (match.length > 0) found.push({ skill, match });
  }
  return found;
}
