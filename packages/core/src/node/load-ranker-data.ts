import type { RankerData } from '../search/create-skill-index.ts';
import { loadSynonyms } from './load-synonyms.ts';
import { loadWordVectors } from './load-word-vectors.ts';

/** The shipped synonyms and word vectors that every Skillset ranker uses (docs/decisions/0011, 0112); read once per process. */
export function loadRankerData(): Required<RankerData> {
  return { synonyms: loadSynonyms(), wordVectors: loadWordVectors() };
}
