/** A 1-based line and column in a text. */
export interface TextPosition {
  line: number;
  column: number;
}

/** Converts a 0-based offset in a text to a 1-based line and column. */
export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
