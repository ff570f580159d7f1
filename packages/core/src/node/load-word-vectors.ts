import { readFileSync } from 'node:fs';
import { parseWordVectorFile } from '../search/word-vector-file.ts';
import type { WordVectors } from '../search/word-vectors.ts';

/**
 * The word vectors shipped with `@skillset/core`: the 50,000 most frequent words of GloVe 6B 100d
 * (`npm run build:word-vectors`); the same path from `src/node/` and `dist/node/`.
 */
export const WORD_VECTOR_FILE = new URL('../../data/word-vectors.bin', import.meta.url);

let shipped: WordVectors | undefined;

/** The shipped word vectors, read once per process (~5 MB); pass them to `createSkillIndex` as `wordVectors`. */
export function loadWordVectors(): WordVectors {
  shipped ??= parseWordVectorFile(readFileSync(WORD_VECTOR_FILE));
  return shipped;
}
