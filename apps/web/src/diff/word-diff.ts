import { diffWordsWithSpace } from 'diff';

/** A run of a line's text, marked when it changed. */
export interface WordPart {
  text: string;
  changed: boolean;
}

/** The words of a replaced line and of its replacement, the changed ones marked. */
export interface LineWords {
  before: WordPart[];
  after: WordPart[];
}

// Below this share of unchanged text the lines are rewritten, and marks would only be noise.
const MIN_SHARED = 0.4;

/**
 * The words that changed between a line and the line that replaced it; undefined when the two
 * share too little for marks to help (the whole line then reads as changed).
 */
export function diffLineWords(before: string, after: string): LineWords | undefined {
  const parts = diffWordsWithSpace(before, after);
  const shared = parts
    .filter((part) => !part.added && !part.removed)
    .reduce((total, part) => total + part.value.trim().length, 0);
  const longest = Math.max(before.trim().length, after.trim().length);
  if (longest === 0 || shared / longest < MIN_SHARED) return undefined;
  const words: LineWords = { before: [], after: [] };
  for (const part of parts) {
    if (!part.added) words.before.push({ text: part.value, changed: part.removed });
    if (!part.removed) words.after.push({ text: part.value, changed: part.added });
  }
  return words;
}
