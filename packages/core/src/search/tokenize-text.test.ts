import { describe, expect, it } from 'vitest';
import { splitWords, tokenizeText } from './tokenize-text.ts';

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
});
