import { describe, expect, it } from 'vitest';
import { fuseRankings } from './fuse-rankings.ts';

describe('fuseRankings', () => {
  it('rewards names ranked well by several rankings', () => {
    const fused = fuseRankings([{ names: ['a', 'b', 'c'] }, { names: ['b', 'c', 'd'] }]);
    expect(fused.map((result) => result.name)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('applies weights and the constant', () => {
    const fused = fuseRankings(
      [
        { names: ['a', 'b'], weight: 1 },
        { names: ['b', 'a'], weight: 3 },
      ],
      { constant: 0 },
    );
    expect(fused).toEqual([
      { name: 'b', score: 1 / 2 + 3 },
      { name: 'a', score: 1 + 3 / 2 },
    ]);
  });
});
