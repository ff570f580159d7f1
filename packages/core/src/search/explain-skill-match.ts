import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { expandQuery } from './expand-query.ts';
import type { SynonymTable } from './synonym-table.ts';
import { splitWords, stemTerm } from './tokenize-text.ts';

/** Where a query met a skill: the field, and the skill's own words there that matched. */
export interface SkillMatch {
  field: 'name' | 'description' | 'tags' | 'category';
  words: string[];
}

const MAXIMUM_WORDS = 5;

function fieldTexts(skill: CatalogSkill): Array<[SkillMatch['field'], string]> {
  return [
    ['name', skill.name.replace(/-/g, ' ')],
    ['description', skill.description],
    ['tags', (skill.tags ?? []).join(' ')],
    ['category', skill.category ?? ''],
  ];
}

/** Per field, the skill's words (at most five) that `matches` accepts. */
export function matchSkillWords(
  skill: CatalogSkill,
  matches: (word: string) => boolean,
): SkillMatch[] {
  const found: SkillMatch[] = [];
  for (const [field, text] of fieldTexts(skill)) {
    const words = new Set<string>();
    for (const word of splitWords(text)) {
      if (words.size >= MAXIMUM_WORDS) break;
      if (matches(word)) words.add(word);
    }
    if (words.size > 0) found.push({ field, words: [...words] });
  }
  return found;
}

/**
 * Why a skill matched a query, for people: per field, the skill's words whose stems are the
 * query's terms (or, with `synonyms`, their related terms), as the ranker counted them.
 */
export function explainSkillMatch(
  query: string,
  skill: CatalogSkill,
  synonyms?: SynonymTable,
): SkillMatch[] {
  const skillTerms = new Set(
    fieldTexts(skill).flatMap(([, text]) => splitWords(text).map(stemTerm)),
  );
  const terms = expandQuery(query, synonyms, 1, (term) => skillTerms.has(term));
  return matchSkillWords(skill, (word) => terms.has(stemTerm(word)));
}
