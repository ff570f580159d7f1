import { sideBySideDiff } from './side-by-side-diff.ts';
import { diffLineWords, type WordPart } from './word-diff.ts';

/** One line of a unified diff: its numbers in the old and new text, and its changed words. */
export interface DiffLine {
  kind: 'context' | 'removed' | 'added';
  oldNumber?: number;
  newNumber?: number;
  text: string;
  /** The line's text in runs, the changed words marked; absent when no word is worth marking. */
  words?: WordPart[];
}

/**
 * Marks the changed words of each removed line and the added line facing it: in a run of removed
 * lines followed by added lines, the first removed faces the first added, and so on.
 */
export function markChangedWords(lines: DiffLine[]): DiffLine[] {
  const marked = lines.map((line) => ({ ...line }));
  let index = 0;
  while (index < marked.length) {
    const removedStart = index;
    while (marked[index]?.kind === 'removed') index++;
    const addedStart = index;
    while (marked[index]?.kind === 'added') index++;
    const pairs = Math.min(addedStart - removedStart, index - addedStart);
    for (let pair = 0; pair < pairs; pair++) {
      const removed = marked[removedStart + pair] as DiffLine;
      const added = marked[addedStart + pair] as DiffLine;
      const words = diffLineWords(removed.text, added.text);
      if (words !== undefined) {
        removed.words = words.before;
        added.words = words.after;
      }
    }
    if (index === removedStart) index++;
  }
  return marked;
}

/**
 * Two texts as one unified diff, line by line: each changed stretch shows its removed lines, then
 * the lines that replaced them, with their changed words marked.
 */
export function diffLines(before: string, after: string): DiffLine[] {
  const lines: DiffLine[] = [];
  let removed: DiffLine[] = [];
  let added: DiffLine[] = [];
  const flush = () => {
    lines.push(...removed, ...added);
    removed = [];
    added = [];
  };
  for (const row of sideBySideDiff(before, after)) {
    if (row.kind === 'same') {
      flush();
      lines.push({
        kind: 'context',
        oldNumber: row.left?.number as number,
        newNumber: row.right?.number as number,
        text: row.left?.text ?? '',
      });
      continue;
    }
    if (row.left !== undefined) {
      removed.push({ kind: 'removed', oldNumber: row.left.number, text: row.left.text });
    }
    if (row.right !== undefined) {
      added.push({ kind: 'added', newNumber: row.right.number, text: row.right.text });
    }
  }
  flush();
  return markChangedWords(lines);
}
