import { describe, expect, it } from 'vitest';
import { embedWords, normalizeVector } from '../search/embed-words.ts';
import { loadWordVectors } from './load-word-vectors.ts';

const similarity = (left: string, right: string): number => {
  const vectors = loadWordVectors();
  const embed = (word: string) => {
    const vector = new Float32Array(vectors.dimensions);
    embedWords(word, vectors, vector);
    return normalizeVector(vector);
  };
  const a = embed(left);
  const b = embed(right);
  return a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);
};

describe('loadWordVectors', () => {
  it('reads the shipped 50,000 words of 100 dimensions, most frequent first, once', () => {
    const vectors = loadWordVectors();
    expect(vectors.rows.size).toBe(50_000);
    expect(vectors.dimensions).toBe(100);
    expect(vectors.rows.get('the')).toBe(0);
    expect(loadWordVectors()).toBe(vectors);
  });

  it('puts related words closer than unrelated ones', () => {
    expect(similarity('gpu', 'graphics')).toBeGreaterThan(similarity('gpu', 'banana'));
    expect(similarity('brainstorm', 'ideas')).toBeGreaterThan(similarity('brainstorm', 'invoice'));
  });
});
