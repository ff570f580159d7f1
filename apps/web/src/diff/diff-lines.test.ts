import { describe, expect, it } from 'vitest';
import { diffLines, markChangedWords } from './diff-lines.ts';

describe('diffLines', () => {
  it('lists removed lines before the lines that replaced them, with both numbers', () => {
    const lines = diffLines('a\nkeep one\nb\nc\n', 'a\nkeep two\nb\nd\ne\n');
    expect(
      lines.map((line) => [line.kind, line.oldNumber ?? null, line.newNumber ?? null, line.text]),
    ).toEqual([
      ['context', 1, 1, 'a'],
      ['removed', 2, null, 'keep one'],
      ['added', null, 2, 'keep two'],
      ['context', 3, 3, 'b'],
      ['removed', 4, null, 'c'],
      ['added', null, 4, 'd'],
      ['added', null, 5, 'e'],
    ]);
    expect(lines[1]?.words).toEqual([
      { text: 'keep ', changed: false },
      { text: 'one', changed: true },
    ]);
    expect(lines[2]?.words?.at(-1)).toEqual({ text: 'two', changed: true });
    expect(lines[4]?.words).toBeUndefined();
  });

  it('has only unchanged lines for equal texts', () => {
    expect(diffLines('a\nb\n', 'a\nb\n').every((line) => line.kind === 'context')).toBe(true);
  });
});

describe('markChangedWords', () => {
  it('pairs the first removed line with the first added one, and leaves the rest unmarked', () => {
    const marked = markChangedWords([
      { kind: 'removed', oldNumber: 1, text: 'use the red pen' },
      { kind: 'removed', oldNumber: 2, text: 'then stop' },
      { kind: 'added', newNumber: 1, text: 'use the blue pen' },
    ]);
    expect(marked[0]?.words?.filter((word) => word.changed)).toEqual([
      { text: 'red', changed: true },
    ]);
    expect(marked[1]?.words).toBeUndefined();
    expect(marked[2]?.words?.filter((word) => word.changed)).toEqual([
      { text: 'blue', changed: true },
    ]);
  });
});
