import { describe, expect, it } from 'vitest';
import { sideBySideDiff } from './side-by-side-diff.ts';

const render = (before: string, after: string) =>
  sideBySideDiff(before, after).map(
    (row) =>
      `${row.kind}: ${row.left ? `${row.left.number} ${row.left.text}` : '-'} | ${row.right ? `${row.right.number} ${row.right.text}` : '-'}`,
  );

describe('sideBySideDiff', () => {
  it('pairs replaced lines and numbers each side on its own', () => {
    expect(render('a\nb\nc\nd\n', 'a\nB\nc\nd\ne\n')).toEqual([
      'same: 1 a | 1 a',
      'changed: 2 b | 2 B',
      'same: 3 c | 3 c',
      'same: 4 d | 4 d',
      'added: - | 5 e',
    ]);
  });

  it('leaves the other side empty when more lines are removed than added', () => {
    expect(render('x\ny\nz\n', 'X\n')).toEqual([
      'changed: 1 x | 1 X',
      'removed: 2 y | -',
      'removed: 3 z | -',
    ]);
  });

  it('shows identical texts as unchanged rows', () => {
    expect(render('same\n', 'same\n')).toEqual(['same: 1 same | 1 same']);
  });
});
