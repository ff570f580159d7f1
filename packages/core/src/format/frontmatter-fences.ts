/** Where the frontmatter fences of a `SKILL.md` text are, as character offsets. */
export interface FrontmatterFences {
  /** Offset of the first frontmatter character (just after the opening fence line). */
  contentStart: number;
  /** Offset of the closing `---` line. */
  contentEnd: number;
  /** Offset just after the closing fence line, including its newline when there is one. */
  closeEnd: number;
  /** Whether a newline ends the closing fence line (false when the text ends right after it). */
  closedByNewline: boolean;
  /** 1-based line of the closing fence. */
  closeLine: number;
}

/** The outcome of looking for the frontmatter fences. */
export type FindFencesResult =
  | { kind: 'found'; fences: FrontmatterFences }
  | { kind: 'missing' }
  | { kind: 'unclosed' };

/** Length of `---` plus trailing spaces/tabs/CR from `start`, or -1 when that line is not a fence. */
function fenceLineEnd(text: string, start: number): number {
  if (!text.startsWith('---', start)) return -1;
  let index = start + 3;
  while (index < text.length) {
    const char = text.charCodeAt(index);
    if (char === 10) return index;
    if (char !== 32 && char !== 9 && char !== 13) return -1;
    index++;
  }
  return index;
}

/** Finds the line-anchored opening `---` on line 1 and the closing `---` line after it. */
export function findFrontmatterFences(text: string, start = 0): FindFencesResult {
  const openEnd = fenceLineEnd(text, start);
  if (openEnd === -1 || openEnd === text.length) {
    return openEnd === -1 ? { kind: 'missing' } : { kind: 'unclosed' };
  }
  const contentStart = openEnd + 1;
  let line = 2;
  let lineStart = contentStart;
  while (lineStart <= text.length) {
    const lineEnd = fenceLineEnd(text, lineStart);
    if (lineEnd !== -1) {
      const closedByNewline = lineEnd < text.length;
      return {
        kind: 'found',
        fences: {
          contentStart,
          contentEnd: lineStart,
          closeEnd: closedByNewline ? lineEnd + 1 : lineEnd,
          closedByNewline,
          closeLine: line,
        },
      };
    }
    const newline = text.indexOf('\n', lineStart);
    if (newline === -1) break;
    lineStart = newline + 1;
    line++;
  }
  return { kind: 'unclosed' };
}
