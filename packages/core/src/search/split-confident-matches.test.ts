import { describe, expect, it } from 'vitest';
import { splitConfidentMatches } from './split-confident-matches.ts';

const scored = (...scores: number[]) =>
  scores.map((score, position) => ({ name: `skill-${position}`, score }));

describe('splitConfidentMatches', () => {
  it('keeps matches scoring at least half the best as confident and folds the rest', () => {
    const { confident, weaker } = splitConfidentMatches(scored(10, 6, 5, 4.9, 1));
    expect(confident.map((match) => match.score)).toEqual([10, 6, 5]);
    expect(weaker.map((match) => match.score)).toEqual([4.9, 1]);
  });

  it('shows at most a screenful of confident matches', () => {
    const { confident, weaker } = splitConfidentMatches(scored(...new Array(25).fill(3)));
    expect(confident).toHaveLength(10);
    expect(weaker).toHaveLength(15);
  });

  it('takes the share and the maximum as options', () => {
    const { confident } = splitConfidentMatches(scored(10, 8, 7, 6), { share: 0.75, maximum: 2 });
    expect(confident.map((match) => match.score)).toEqual([10, 8]);
  });

  it('has nothing confident without a match', () => {
    expect(splitConfidentMatches([])).toEqual({ confident: [], weaker: [] });
    expect(splitConfidentMatches(scored(0, 0))).toEqual({ confident: [], weaker: scored(0, 0) });
  });
});
