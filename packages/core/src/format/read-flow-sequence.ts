import type { RawScalar, RawSequence } from './raw-node.ts';
import { isRefusedPlainStart, readQuotedScalar } from './read-inline-scalar.ts';

/** A one-line flow sequence and the offset just past its closing `]`. */
export interface FlowSequence {
  sequence: RawSequence;
  end: number;
}

function skipSpaces(line: string, index: number): number {
  let next = index;
  while (line.charCodeAt(next) === 32) next++;
  return next;
}

/** The end of a plain scalar in flow context starting at `start`, or -1 when it is not plain. */
function flowPlainEnd(line: string, start: number): number {
  if (start >= line.length || isRefusedPlainStart(line[start] as string)) return -1;
  for (let index = start; index < line.length; index++) {
    const char = line.charCodeAt(index);
    if (char === 44 || char === 93) return index;
    if (char === 91 || char === 123 || char === 125) return -1;
    if (char === 35 && line.charCodeAt(index - 1) === 32) return -1;
    // `:` before a space, `,`, `]` or the line end makes a `key: value` pair, not a scalar.
    if (char === 58) {
      const next = line.charCodeAt(index + 1);
      if (Number.isNaN(next) || next === 32 || next === 44 || next === 93) return -1;
    }
  }
  return -1;
}

/**
 * Reads a flow sequence of one-line scalars (`[a, 'b c', "d"]`) that opens at `start` and closes
 * on the same line; undefined for anything else (nesting, empty items, `a: b` pairs, comments).
 */
export function readFlowSequence(
  line: string,
  start: number,
  lineNumber: number,
): FlowSequence | undefined {
  const items: RawScalar[] = [];
  const sequence: RawSequence = { kind: 'sequence', items, line: lineNumber, column: start + 1 };
  let index = skipSpaces(line, start + 1);
  if (line.charCodeAt(index) === 93) return { sequence, end: index + 1 };
  for (;;) {
    const char = line.charCodeAt(index);
    let value: string;
    let end: number;
    const plain = char !== 34 && char !== 39;
    if (!plain) {
      const quoted = readQuotedScalar(line, index);
      if (quoted === undefined) return undefined;
      value = quoted.value;
      end = quoted.end;
    } else {
      end = flowPlainEnd(line, index);
      if (end === -1) return undefined;
      value = line.slice(index, end).trimEnd();
    }
    const position = { line: lineNumber, column: index + 1 };
    items.push(
      plain
        ? { kind: 'scalar', value, ...position, plain }
        : { kind: 'scalar', value, ...position },
    );
    index = skipSpaces(line, end);
    const separator = line.charCodeAt(index);
    if (separator === 93) return { sequence, end: index + 1 };
    if (separator !== 44) return undefined;
    index = skipSpaces(line, index + 1);
    if (line.charCodeAt(index) === 93) return { sequence, end: index + 1 };
  }
}
