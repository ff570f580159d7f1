import { describe, expect, it } from 'vitest';
import { parseFileDiff } from './parse-file-diff.ts';

describe('parseFileDiff', () => {
  it('numbers the lines of each hunk and puts a gap where the diff skips lines', () => {
    const text = [
      '--- a/evals/triggers.json',
      '+++ b/evals/triggers.json',
      '@@ -1,2 +1,2 @@',
      ' [',
      '-  {"query": "ship it", "should_trigger": true}',
      '+  {"query": "ship it now", "should_trigger": true}',
      '@@ -10,1 +10,2 @@',
      ' ]',
      '+',
      '',
    ].join('\n');
    const blocks = parseFileDiff(text);
    expect(blocks.map((block) => block.kind)).toEqual(['lines', 'gap', 'lines']);
    expect(blocks[1]).toEqual({ kind: 'gap', count: 7 });
    const first = blocks[0];
    if (first?.kind !== 'lines') throw new Error('no lines');
    expect(first.lines.map((line) => [line.kind, line.oldNumber, line.newNumber])).toEqual([
      ['context', 1, 1],
      ['removed', 2, undefined],
      ['added', undefined, 2],
    ]);
    expect(first.lines[2]?.words?.filter((word) => word.changed).map((word) => word.text)).toEqual([
      ' now',
    ]);
  });

  it('answers no blocks for a diff without hunks', () => {
    expect(parseFileDiff('Binary files a/logo.png and b/logo.png differ\n')).toEqual([]);
  });
});
