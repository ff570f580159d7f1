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
  const words = text.toLowerCase().match(wordPattern) ?? [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word.endsWith("'s")) words[index] = word.slice(0, -2);
  }
  return words;
}

/** Turns text into search terms: lowercase words without stop words, Porter-stemmed. */
export function tokenizeText(text: string): string[] {
  const terms: string[] = [];
  for (const word of splitWords(text)) {
    if (!STOP_WORDS.has(word)) terms.push(stemTerm(word));
  }
  return terms;
}

/** The search terms of `text` as {@link tokenizeText} gives them, counted: each term's count and their total. */
export function countSearchTerms(text: string): { counts: Map<string, number>; length: number } {
  // Words repeat: count them first, then stem each distinct word once.
  const words = new Map<string, number>();
  for (const word of splitWords(text)) words.set(word, (words.get(word) ?? 0) + 1);
  const counts = new Map<string, number>();
  let length = 0;
  for (const [word, count] of words) {
    if (STOP_WORDS.has(word)) continue;
    const term = stemTerm(word);
    counts.set(term, (counts.get(term) ?? 0) + count);
    length += count;
  }
  return { counts, length };
}
