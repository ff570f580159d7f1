import type { DiffLine } from './diff-lines.ts';

/**
 * A stretch of a diff: lines shown, unchanged lines folded away (a reader may unfold them), or
 * unchanged lines the diff does not hold (`count` of them, when known).
 */
export type DiffBlock =
  | { kind: 'lines'; lines: DiffLine[] }
  | { kind: 'folded'; lines: DiffLine[] }
  | { kind: 'gap'; count: number | undefined };

/** Unchanged lines kept on each side of a change. */
export const DIFF_CONTEXT = 3;
// Folding fewer lines than this would hide less than the fold's own row.
const MIN_FOLDED = 4;

/**
 * Folds the unchanged lines of a diff that are further than `context` lines from any change, as
 * GitHub shows a diff; a diff without changes folds whole.
 */
export function foldDiffLines(lines: readonly DiffLine[], context = DIFF_CONTEXT): DiffBlock[] {
  const near = new Array<boolean>(lines.length).fill(false);
  lines.forEach((line, index) => {
    if (line.kind === 'context') return;
    const from = Math.max(0, index - context);
    const to = Math.min(lines.length - 1, index + context);
    for (let each = from; each <= to; each++) near[each] = true;
  });
  const blocks: DiffBlock[] = [];
  let index = 0;
  while (index < lines.length) {
    const start = index;
    const shown = near[index] === true;
    while (index < lines.length && (near[index] === true) === shown) index++;
    const run = lines.slice(start, index);
    const kind = shown || run.length < MIN_FOLDED ? 'lines' : 'folded';
    const last = blocks.at(-1);
    if (kind === 'lines' && last?.kind === 'lines') last.lines.push(...run);
    else blocks.push({ kind, lines: run });
  }
  return blocks;
}
