import { diffLines } from 'diff';

/** One side of a diff row: the line number in its version and the text. */
export interface DiffCell {
  number: number;
  text: string;
}

/** One row of a side-by-side diff; a missing side means the line exists only on the other. */
export interface DiffRow {
  kind: 'same' | 'changed' | 'removed' | 'added';
  left?: DiffCell;
  right?: DiffCell;
}

function splitLines(text: string): string[] {
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

/** Aligns two texts line by line: removed lines face the lines that replaced them. */
export function sideBySideDiff(before: string, after: string): DiffRow[] {
  const rows: DiffRow[] = [];
  let leftNumber = 0;
  let rightNumber = 0;
  let removed: string[] = [];
  const flush = (added: string[]) => {
    const length = Math.max(removed.length, added.length);
    for (let index = 0; index < length; index++) {
      const left = removed[index];
      const right = added[index];
      const row: DiffRow = {
        kind:
          left !== undefined && right !== undefined
            ? 'changed'
            : left !== undefined
              ? 'removed'
              : 'added',
      };
      if (left !== undefined) row.left = { number: ++leftNumber, text: left };
      if (right !== undefined) row.right = { number: ++rightNumber, text: right };
      rows.push(row);
    }
    removed = [];
  };
  for (const change of diffLines(before, after)) {
    const lines = splitLines(change.value);
    if (change.removed) {
      removed.push(...lines);
    } else if (change.added) {
      flush(lines);
    } else {
      flush([]);
      for (const text of lines) {
        rows.push({
          kind: 'same',
          left: { number: ++leftNumber, text },
          right: { number: ++rightNumber, text },
        });
      }
    }
  }
  flush([]);
  return rows;
}
