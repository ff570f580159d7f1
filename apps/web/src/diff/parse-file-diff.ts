import { parsePatch } from 'diff';
import { type DiffLine, markChangedWords } from './diff-lines.ts';
import type { DiffBlock } from './fold-diff-lines.ts';

/**
 * A unified diff of one file (as the server sends it) as blocks of lines, the changed words
 * marked; the unchanged stretches between its hunks are gaps, since the diff does not hold them.
 */
export function parseFileDiff(text: string): DiffBlock[] {
  const [patch] = parsePatch(text);
  const blocks: DiffBlock[] = [];
  let nextOld = 1;
  for (const hunk of patch?.hunks ?? []) {
    const skipped = hunk.oldStart - nextOld;
    if (skipped > 0 && hunk.oldLines > 0) blocks.push({ kind: 'gap', count: skipped });
    let oldNumber = hunk.oldStart;
    let newNumber = hunk.newStart;
    const lines: DiffLine[] = [];
    for (const raw of hunk.lines) {
      const sign = raw[0];
      const content = raw.slice(1);
      if (sign === '-') lines.push({ kind: 'removed', oldNumber: oldNumber++, text: content });
      else if (sign === '+') lines.push({ kind: 'added', newNumber: newNumber++, text: content });
      else if (sign === ' ') {
        lines.push({
          kind: 'context',
          oldNumber: oldNumber++,
          newNumber: newNumber++,
          text: content,
        });
      }
    }
    blocks.push({ kind: 'lines', lines: markChangedWords(lines) });
    nextOld = hunk.oldStart + hunk.oldLines;
  }
  return blocks;
}
