import { describe, expect, it } from 'vitest';
import { countSearchTerms, splitWords, tokenizeText } from './tokenize-text.ts';

describe('tokenizeText', () => {
  it('lowercases, drops stop words and possessives, and stems', () => {
    expect(tokenizeText("The founder's Essays are running on GPUs")).toEqual([
      'founder',
      'essai',
      'run',
      'gpu',
    ]);
  });

  it('keeps digits and non-Latin letters', () => {
    expect(splitWords('Pester 5 → Größe')).toEqual(['pester', '5', 'größe']);
  });

  it('keeps one apostrophe inside a word and drops a final possessive', () => {
    expect(splitWords("don't5x a'b'c O'Neil's it's")).toEqual([
      "don't",
      '5x',
      "a'b",
      'c',
      "o'neil",
      's',
      'it',
    ]);
  });

  it('counts the terms of a text', () => {
    expect(countSearchTerms('Running runs; the runner ran to run')).toEqual({
      counts: new Map([
        ['run', 3],
        ['runner', 1],
        ['ran', 1],
      ]),
      length: 5,
    });
  });
});
