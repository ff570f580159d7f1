import { describe, expect, it } from 'vitest';
import type { DiffLine } from './diff-lines.ts';
import { foldDiffLines } from './fold-diff-lines.ts';

const same = (number: number): DiffLine => ({
  kind: 'context',
  oldNumber: number,
  newNumber: number,
  text: `line ${number}`,
});

describe('foldDiffLines', () => {
  it('keeps three unchanged lines around a change and folds the rest', () => {
    const lines = [
      ...[1, 2, 3, 4, 5, 6, 7, 8].map(same),
      { kind: 'added', newNumber: 9, text: 'new' } as DiffLine,
      ...[9, 10, 11, 12, 13, 14, 15, 16, 17, 18].map(same),
    ];
    const blocks = foldDiffLines(lines);
    expect(blocks.map((block) => [block.kind, 'lines' in block ? block.lines.length : 0])).toEqual([
      ['folded', 5],
      ['lines', 7],
      ['folded', 7],
    ]);
  });

  it('shows a short unchanged stretch rather than fold it', () => {
    const lines = [
      { kind: 'removed', oldNumber: 1, text: 'old' } as DiffLine,
      ...[2, 3, 4, 5, 6, 7, 8, 9].map(same),
      { kind: 'removed', oldNumber: 10, text: 'old' } as DiffLine,
    ];
    expect(foldDiffLines(lines).map((block) => block.kind)).toEqual(['lines']);
  });

  it('folds a diff without changes whole', () => {
    expect(foldDiffLines([1, 2, 3, 4, 5].map(same)).map((block) => block.kind)).toEqual(['folded']);
  });
});
