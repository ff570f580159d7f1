export {
  analyzeSkill,
  buildInvertedIndex,
  type FieldSettings,
  type InvertedIndex,
  type InvertedIndexSettings,
  type SkillAnalysis,
  type SkillField,
} from './build-inverted-index.ts';
export { cosineSimilarity } from './cosine-similarity.ts';
export {
  createHybridSkillSearch,
  type HybridSkillSearch,
  type HybridSkillSearchOptions,
} from './create-hybrid-skill-search.ts';
export {
  createSkillIndex,
  DEFAULT_FEEDBACK_SETTINGS,
  DEFAULT_INDEX_SETTINGS,
  type RankedSkill,
  type RankerData,
  type SkillIndex,
  type SkillIndexOptions,
  type SkillIndexQueryOptions,
  type SkillSearchHit,
} from './create-skill-index.ts';
export {
  createSkillVectors,
  type EmbeddedSkills,
  type SkillVectors,
} from './create-skill-vectors.ts';
export { embedWords, normalizeVector } from './embed-words.ts';
export type { EmbeddingCache, EmbeddingFunction } from './embedding-function.ts';
export { explainSkillMatch, matchSkillWords, type SkillMatch } from './explain-skill-match.ts';
export {
  type FusedResult,
  type FuseRankingsOptions,
  type FusionInput,
  fuseRankings,
} from './fuse-rankings.ts';
export { hashSkillContent, skillEmbeddingText } from './hash-skill-content.ts';
export type { FeedbackSettings } from './pseudo-relevance-feedback.ts';
export { type SearchSkillsOptions, searchSkills } from './search-skills.ts';
export {
  type SplitConfidentMatchesOptions,
  type SplitConfidentMatchesResult,
  splitConfidentMatches,
} from './split-confident-matches.ts';
export type { RelatedTerm, SynonymTable } from './synonym-table.ts';
export { splitWords, stemTerm, tokenizeText } from './tokenize-text.ts';
export {
  formatWordVectorFile,
  parseWordVectorFile,
  WORD_VECTOR_FILE_VERSION,
} from './word-vector-file.ts';
export type { WordVectors } from './word-vectors.ts';
