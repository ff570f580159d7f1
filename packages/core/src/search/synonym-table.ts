/** A related term and how strongly it stands for the original (0–1]. */
export interface RelatedTerm {
  term: string;
  weight: number;
}

/**
 * Maps a stemmed term to related stemmed terms (synonyms, closely related words); injected into the
 * index so the runtime-neutral ranker needs no data files (`loadSynonyms` in `@skillset/core/node` loads the shipped one).
 */
export type SynonymTable = ReadonlyMap<string, readonly RelatedTerm[]>;
