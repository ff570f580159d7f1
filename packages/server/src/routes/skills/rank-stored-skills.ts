import {
  type CatalogSkill,
  createSkillIndex,
  explainSkillMatch,
  matchSkillWords,
  type RankerData,
  type SkillMatch,
  splitWords,
} from '@skillset/core';
import { splitConfidentMatches } from '@skillset/core/lean';
import type { StoredSkill } from '@skillset/store';

/** A skill found by a library search, with why it matched. */
export interface FoundSkill {
  skill: StoredSkill;
  match: SkillMatch[];
}

/** A library search's skills, best first: the first `confident` are confident matches, the rest weaker. */
export interface StoredSkillSearchResult {
  found: FoundSkill[];
  confident: number;
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
 * all; each hit says which of its words matched where, and the confident head is counted
 * (docs/decisions/0153).
 */
export function searchStoredSkills(
  skills: readonly StoredSkill[],
  query: string,
  ranker: RankerData = {},
): StoredSkillSearchResult {
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
  if (partial !== undefined && partial.length >= 2 && !/\s$/.test(query)) {
    const seen = new Set(found.map(({ skill }) => skill));
    for (const document of documents) {
      const skill = byDocument.get(document) as StoredSkill;
      if (seen.has(skill)) continue;
      const match = matchSkillWords(document, (word) => word.startsWith(partial));
      if (match.length > 0) found.push({ skill, match });
    }
  }
  // With no ranked match, the prefix matches of the word being typed are all there is to show.
  const confident =
    hits.length === 0
      ? Math.min(found.length, 10)
      : named.length + splitConfidentMatches(others).confident.length;
  return { found, confident };
}
