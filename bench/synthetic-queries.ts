/**
 * `npm run bench -- synthetic`: fits ranker weights on queries made from the skills' own text, not
 * on the dev queries. Each corpus skill gives one held-out sentence of its body as the query (the
 * sentence is removed from the body that is indexed); the skill is the answer. Prints recall and
 * MRR per semantic weight (docs/decisions/0112).
 */
import { type CatalogSkill, createSkillIndex, splitWords } from '@skillset/core';
import { loadSynonyms, loadWordVectors } from '@skillset/core/test';
import {
  formatScoreRow,
  loadSelectionSkills,
  type SelectionQuery,
  scoreRankings,
} from './selection.ts';

/** A body sentence of 8–30 words that is prose (not a heading, table, code or link line), from the middle of the body. */
export function heldOutSentence(body: string): string | undefined {
  let inCode = false;
  const sentences: string[] = [];
  for (const line of body.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('```')) inCode = !inCode;
    if (inCode || /^(#|\||```|<|!\[|\[)/.test(trimmed)) continue;
    for (const sentence of trimmed.replace(/^[-*\d.)\s]+/, '').split(/(?<=[.!?])\s+/)) {
      const count = splitWords(sentence).length;
      if (count >= 8 && count <= 30) sentences.push(sentence);
    }
  }
  return sentences[Math.floor(sentences.length / 2)];
}

/** The held-out queries and the skills with those sentences removed from their bodies. */
export function makeSyntheticSet(corpus: readonly CatalogSkill[]): {
  skills: CatalogSkill[];
  queries: SelectionQuery[];
} {
  const queries: SelectionQuery[] = [];
  const skills = corpus.map((skill, position) => {
    const sentence = heldOutSentence(skill.body ?? '');
    if (sentence === undefined) return skill;
    queries.push({
      id: `s${position}`,
      query: sentence,
      expected: [skill.name],
      difficulty: 'medium',
    });
    return { ...skill, body: (skill.body ?? '').replace(sentence, '') };
  });
  return { skills, queries };
}

/** Each corpus skill's description as the query, with that description left out of the index. */
export function makeDescriptionSet(corpus: readonly CatalogSkill[]): {
  skills: CatalogSkill[];
  queries: SelectionQuery[];
} {
  const queries: SelectionQuery[] = corpus.map((skill, position) => ({
    id: `d${position}`,
    query: skill.description,
    expected: [skill.name],
    difficulty: 'medium',
  }));
  return { skills: corpus.map((skill) => ({ ...skill, description: '' })), queries };
}

/** Prints the held-out scores of the default ranker for several semantic weights. */
export async function run(): Promise<void> {
  const { corpus, distractors } = loadSelectionSkills();
  const synonyms = loadSynonyms();
  const wordVectors = loadWordVectors();
  const sets = [
    ['held-out body sentence', makeSyntheticSet(corpus)],
    ['description, left out of the index', makeDescriptionSet(corpus)],
  ] as const;
  for (const [label, { skills, queries }] of sets) {
    const all = [...skills, ...distractors];
    console.log(`\nsynthetic: ${label}, ${queries.length} queries, ${all.length} skills\n`);
    console.log(`| ${'semantic weight'.padEnd(44)} |   n |  R@5  |  R@20 |  R@50 |  MRR  |`);
    console.log(`|${'-'.repeat(46)}|-----|-------|-------|-------|-------|`);
    for (const semanticWeight of [0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8]) {
      const index = createSkillIndex(all, { synonyms, wordVectors, semanticWeight });
      const result = scoreRankings(queries, (query) =>
        index.rank(query, { limit: 50 }).map((entry) => entry.skill.name),
      );
      console.log(formatScoreRow(String(semanticWeight), result.all));
    }
  }
}

if (import.meta.main) await run();
