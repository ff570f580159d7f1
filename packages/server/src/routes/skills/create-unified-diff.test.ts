import { describe, expect, it } from 'vitest';
import { createUnifiedDiff } from './create-unified-diff.ts';

const paths = { oldPath: 'a/x', newPath: 'b/x' };

describe('createUnifiedDiff', () => {
  it('is empty for equal texts', () => {
    expect(createUnifiedDiff({ ...paths, oldText: 'a\n', newText: 'a\n' })).toBe('');
  });

  it('keeps three lines of context and merges nearby changes into one hunk', () => {
    const oldText = `${Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n')}\n`;
    const newText = oldText
      .replace('line 5\n', 'five\n')
      .replace('line 9\n', 'nine\n')
      .replace('line 19\n', '');
    expect(createUnifiedDiff({ ...paths, oldText, newText })).toMatchInlineSnapshot(`
      "--- a/x
      +++ b/x
      @@ -2,11 +2,11 @@
       line 2
       line 3
       line 4
      -line 5
      +five
       line 6
       line 7
       line 8
      -line 9
      +nine
       line 10
       line 11
       line 12
      @@ -16,5 +16,4 @@
       line 16
       line 17
       line 18
      -line 19
       line 20
      "
    `);
  });

  it('marks a missing final newline', () => {
    expect(createUnifiedDiff({ ...paths, oldText: 'a\nb', newText: 'a\nb\n' })).toBe(
      '--- a/x\n+++ b/x\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b\n',
    );
  });

  it('diffs from and to an empty text', () => {
    expect(createUnifiedDiff({ ...paths, oldText: '', newText: 'x\ny\n' })).toBe(
      '--- a/x\n+++ b/x\n@@ -0,0 +1,2 @@\n+x\n+y\n',
    );
    expect(createUnifiedDiff({ ...paths, oldText: 'x\n', newText: '' })).toBe(
      '--- a/x\n+++ b/x\n@@ -1,1 +0,0 @@\n-x\n',
    );
  });
});
