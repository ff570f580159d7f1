import { describe, expect, it } from 'vitest';
import { foldWeakerMatches } from './fold-weaker-matches.ts';

describe('foldWeakerMatches', () => {
  const items = ['a', 'b', 'c', 'd'];

  it('shows the confident head of the first page and counts the weaker rest', () => {
    expect(foldWeakerMatches({ items, total: 40, confident: 2, page: 1, expanded: false })).toEqual(
      {
        shown: ['a', 'b'],
        weaker: 38,
      },
    );
  });

  it('shows the whole page once expanded, still counting the weaker matches', () => {
    expect(foldWeakerMatches({ items, total: 40, confident: 2, page: 1, expanded: true })).toEqual({
      shown: items,
      weaker: 38,
    });
  });

  it('folds nothing on later pages, without a search, or when every match is confident', () => {
    const all = { shown: items, weaker: 0 };
    expect(foldWeakerMatches({ items, total: 40, confident: 2, page: 2, expanded: false })).toEqual(
      all,
    );
    expect(
      foldWeakerMatches({ items, total: 4, confident: undefined, page: 1, expanded: false }),
    ).toEqual(all);
    expect(foldWeakerMatches({ items, total: 4, confident: 4, page: 1, expanded: false })).toEqual(
      all,
    );
  });
});
