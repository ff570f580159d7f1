import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import {
  buildInvertedIndex,
  type FieldSettings,
  type InvertedIndex,
  type InvertedIndexSettings,
  type SkillAnalysis,
  type SkillField,
} from './build-inverted-index.ts';
import { createSkillVectors, type EmbeddedSkills } from './create-skill-vectors.ts';
import { expandQuery } from './expand-query.ts';
import { collectFeedbackTerms, type FeedbackSettings } from './pseudo-relevance-feedback.ts';
import { selectTop } from './select-top.ts';
import { smoothInverseFrequency } from './smooth-inverse-frequency.ts';
import type { SynonymTable } from './synonym-table.ts';
import type { WordVectors } from './word-vectors.ts';

/** Options of `createSkillIndex`; every ranking knob has a measured default (docs/decisions/0011). */
export interface SkillIndexOptions {
  /** Related terms per stemmed term (e.g. `loadSynonyms()`); none by default. */
  synonyms?: SynonymTable;
  /** Weight of synonym matches relative to the query's own terms. */
  synonymWeight?: number;
  /**
   * A skill that matches none of the query's own words (only synonyms) keeps this share of its
   * score, so name and word matches rank above it (docs/decisions/0153); 1 keeps it whole.
   */
  synonymOnlyShare?: number;
  /** Per-field weights and length normalisation, BM25 saturation, body cut-off. */
  index?: Partial<Omit<InvertedIndexSettings, 'fields'>> & {
    fields?: Partial<Record<SkillField, FieldSettings>>;
  };
  /** Static word embeddings (e.g. `loadWordVectors()`): matches close in meaning to the query rank higher; none by default. */
  wordVectors?: WordVectors;
  /** How much embedding similarity adds, as a share of the best lexical score (docs/decisions/0112). */
  semanticWeight?: number;
  /**
   * With `wordVectors`: a query word counts `a / (a + p(word))`, its smooth inverse frequency in
   * English (p from its word-vector row), so the chatter of a long prompt ("help me", "I want
   * to", "let me know") weighs little beside its rare words (docs/decisions/0144); 0 counts every word 1.
   */
  queryWordSmoothing?: number;
  /** Pseudo-relevance feedback settings; `documents: 0` turns it off. */
  feedback?: Partial<FeedbackSettings>;
  /**
   * Per skill, its terms as `analyzeSkill(skill, maximumBodyLength)` gives them, e.g. from a cache
   * (a skill may then come without its body); missing entries are analyzed here.
   */
  analyses?: readonly (SkillAnalysis | undefined)[];
  /**
   * The postings `buildInvertedIndex(skills, settings)` gives for these exact skills and settings,
   * e.g. persisted by a caller; used only while feedback is off (feedback needs the whole index).
   */
  postings?: InvertedIndex['postings'];
  /**
   * The `embedded` skills an earlier index over these exact skills and word vectors gave, e.g.
   * persisted with the postings, so that no skill is embedded again.
   */
  embedded?: EmbeddedSkills;
}

/** The data the default ranker is built with (`loadRankerData()` from `@skillset/core/node` ships both). */
export type RankerData = Pick<SkillIndexOptions, 'synonyms' | 'wordVectors'>;

/** Options of one index query. */
export interface SkillIndexQueryOptions {
  /** How many results to return (default 10). */
  limit?: number;
}

/** One search result. */
export interface SkillSearchHit {
  name: string;
  score: number;
  description: string;
}

/** A ranked position in the index: the skill and its relevance score (0 = no match). */
export interface RankedSkill {
  skill: CatalogSkill;
  score: number;
}

/** An offline BM25F index over a fixed skill set, built once and queried many times. */
export interface SkillIndex {
  readonly skills: readonly CatalogSkill[];
  /** Every skill's word-vector embedding (with word vectors only): persist it as the `embedded` option. */
  readonly embedded?: EmbeddedSkills;
  /** Skills best first; skills that match nothing follow in tie-break order until `limit`. */
  rank(query: string, options?: SkillIndexQueryOptions): RankedSkill[];
  /** Matching skills best first, as `{ name, score, description }`. */
  search(query: string, options?: SkillIndexQueryOptions): SkillSearchHit[];
}

/** The default index settings, chosen on the selection benchmark (docs/decisions/0011). */
export const DEFAULT_INDEX_SETTINGS: InvertedIndexSettings = {
  fields: {
    name: { weight: 3, lengthNormalization: 0.5 },
    description: { weight: 2, lengthNormalization: 0.75 },
    tags: { weight: 2, lengthNormalization: 0.5 },
    body: { weight: 0.5, lengthNormalization: 0.75 },
  },
  saturation: 1.2,
  maximumBodyLength: 20_000,
};

/** The default pseudo-relevance feedback settings: off (measured neutral); set `documents` (e.g. 8) to enable. */
export const DEFAULT_FEEDBACK_SETTINGS: FeedbackSettings = {
  documents: 0,
  terms: 10,
  weight: 0.15,
};

const defaultSynonymWeight = 0.4;
const defaultSynonymOnlyShare = 0.1;
const defaultSemanticWeight = 0.2;
const defaultQueryWordSmoothing = 1e-4;

/** Builds the offline ranker for a skill set: BM25F over name, description, tags and body, with stemming, synonyms, word-embedding similarity and pseudo-relevance feedback. */
export function createSkillIndex(
  skills: readonly CatalogSkill[],
  options: SkillIndexOptions = {},
): SkillIndex {
  const settings: InvertedIndexSettings = {
    ...DEFAULT_INDEX_SETTINGS,
    ...options.index,
    fields: { ...DEFAULT_INDEX_SETTINGS.fields, ...options.index?.fields },
  };
  const feedback: FeedbackSettings = { ...DEFAULT_FEEDBACK_SETTINGS, ...options.feedback };
  const synonymWeight = options.synonymWeight ?? defaultSynonymWeight;
  const index: InvertedIndex =
    options.postings !== undefined && feedback.documents <= 0
      ? {
          documentCount: skills.length,
          postings: options.postings,
          summaryTerms: [],
          documentFrequency: new Map(),
        }
      : buildInvertedIndex(skills, settings, options.analyses);
  const semanticWeight = options.semanticWeight ?? defaultSemanticWeight;
  const skillVectors =
    options.wordVectors !== undefined && semanticWeight > 0
      ? createSkillVectors(skills, options.wordVectors, options.embedded)
      : undefined;
  const synonymOnlyShare = options.synonymOnlyShare ?? defaultSynonymOnlyShare;
  const scores = new Float64Array(skills.length);
  const direct = new Uint8Array(skills.length);
  const touched: number[] = [];
  const compare = (left: number, right: number): number => {
    const usage = (skills[right]?.usageCount ?? 0) - (skills[left]?.usageCount ?? 0);
    if (usage !== 0) return usage;
    const leftName = skills[left]?.name ?? '';
    const rightName = skills[right]?.name ?? '';
    return leftName < rightName ? -1 : leftName > rightName ? 1 : left - right;
  };
  const fallbackOrder = skills.map((_, position) => position).sort(compare);

  const accumulate = (
    terms: ReadonlyMap<string, number>,
    own: ReadonlyMap<string, number> = new Map(),
  ): void => {
    for (const [term, weight] of terms) {
      const posting = index.postings.get(term);
      if (posting === undefined) continue;
      const { documents, impacts } = posting;
      const isOwn = own.has(term);
      for (let offset = 0; offset < documents.length; offset++) {
        const document = documents[offset] as number;
        if (scores[document] === 0) touched.push(document);
        if (isOwn) direct[document] = 1;
        scores[document] = (scores[document] ?? 0) + weight * (impacts[offset] as number);
      }
    }
  };

  // Among lexical matches only, so `search()` still returns matches and the scale stays BM25's.
  const addSimilarity = (query: string): void => {
    const similarities = skillVectors?.similarities(query, touched);
    if (similarities === undefined) return;
    let best = 0;
    for (const document of touched) best = Math.max(best, scores[document] ?? 0);
    const weight = semanticWeight * best;
    // 1 + similarity (0–2) keeps every match above 0; among matches it ranks as similarity does.
    for (const document of touched) {
      scores[document] = (scores[document] ?? 0) + weight * (1 + (similarities[document] ?? 0));
    }
  };

  const queryWordSmoothing = options.queryWordSmoothing ?? defaultQueryWordSmoothing;
  const wordRows = options.wordVectors?.rows;
  const wordWeight =
    wordRows === undefined || queryWordSmoothing <= 0
      ? undefined
      : (word: string): number => {
          const row = wordRows.get(word);
          return row === undefined ? 1 : smoothInverseFrequency(row, queryWordSmoothing);
        };

  const demoteSynonymOnly = (): void => {
    if (synonymOnlyShare >= 1) return;
    for (const document of touched) {
      if (direct[document] === 0) scores[document] = (scores[document] ?? 0) * synonymOnlyShare;
    }
  };

  const rank = (query: string, queryOptions: SkillIndexQueryOptions = {}): RankedSkill[] => {
    const limit = Math.min(queryOptions.limit ?? 10, skills.length);
    const isKnownTerm = (term: string) => index.postings.has(term);
    const own = expandQuery(query, undefined, 0, isKnownTerm, wordWeight);
    const terms = expandQuery(query, options.synonyms, synonymWeight, isKnownTerm, wordWeight);
    try {
      accumulate(terms, own);
      if (feedback.documents > 0 && feedback.terms > 0 && touched.length > 0) {
        const top = selectTop(touched, scores, feedback.documents, compare);
        accumulate(collectFeedbackTerms(index, top, scores, terms, feedback));
      }
      if (skillVectors !== undefined && touched.length > 0) addSimilarity(query);
      demoteSynonymOnly();
      const best = selectTop(touched, scores, limit, compare);
      const ranked: RankedSkill[] = best.map((position) => ({
        skill: skills[position] as CatalogSkill,
        score: scores[position] ?? 0,
      }));
      if (ranked.length < limit) {
        for (const position of fallbackOrder) {
          if (ranked.length >= limit) break;
          if ((scores[position] ?? 0) > 0) continue;
          ranked.push({ skill: skills[position] as CatalogSkill, score: 0 });
        }
      }
      return ranked;
    } finally {
      for (const document of touched) {
        scores[document] = 0;
        direct[document] = 0;
      }
      touched.length = 0;
    }
  };

  return {
    skills,
    ...(skillVectors === undefined ? {} : { embedded: skillVectors.embedded }),
    rank,
    search(query, queryOptions = {}) {
      return rank(query, queryOptions)
        .filter((entry) => entry.score > 0)
        .map(({ skill, score }) => ({ name: skill.name, score, description: skill.description }));
    },
  };
}
