import { stemmer } from 'stemmer';
import { STOP_WORDS } from './stop-words.ts';

const wordPattern = /[\p{L}\p{N}]+(?:'[\p{L}]+)?/gu;
const stemCache = new Map<string, string>();
const stemCacheLimit = 200_000;

/** Reduces one lowercase word to its Porter stem (cached). */
export function stemTerm(word: string): string {
  const cached = stemCache.get(word);
  if (cached !== undefined) return cached;
  const stem = /^[a-z]+$/.test(word) ? stemmer(word) : word;
  if (stemCache.size < stemCacheLimit) stemCache.set(word, stem);
  return stem;
}

/** Splits text into lowercase words, keeping stop words and original forms (no stemming). */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  for (const match of text.toLowerCase().matchAll(wordPattern)) {
    const word = match[0].endsWith("'s") ? match[0].slice(0, -2) : match[0];
    if (word.length > 0) words.push(word);
  }
  return words;
}

/** Turns text into search terms: lowercase words without stop words, Porter-stemmed. */
export function tokenizeText(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word)) continue;
    terms.push(stemTerm(word));
  }
  return terms;
}
