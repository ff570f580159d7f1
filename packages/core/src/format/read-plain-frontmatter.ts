import type {
  RawEntry,
  RawMapping,
  RawNode,
  RawPosition,
  RawScalar,
  RawSequence,
} from './raw-node.ts';
import { readFlowSequence } from './read-flow-sequence.ts';
import { isEmptyRest, readBlockScalar } from './read-inline-scalar.ts';

// Characters the fast path leaves to the YAML parser: tabs, CR, control and special line breaks.
const UNSUPPORTED_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what the fast path refuses.
  /[\t\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;

/** Line-by-line reader state. */
interface Cursor {
  lines: string[];
  index: number;
  firstLine: number;
}

function indentOf(line: string): number {
  let indent = 0;
  while (line.charCodeAt(indent) === 32) indent++;
  return indent;
}

function isSkippable(line: string, indent: number): boolean {
  return indent === line.length || line.charCodeAt(indent) === 35;
}

/** Moves to the next line holding content; returns its indentation or -1 at the end. */
function nextContentIndent(cursor: Cursor): number {
  while (cursor.index < cursor.lines.length) {
    const line = cursor.lines[cursor.index] as string;
    const indent = indentOf(line);
    if (!isSkippable(line, indent)) return indent;
    cursor.index++;
  }
  return -1;
}

function readSequence(cursor: Cursor, indent: number): RawSequence | undefined {
  const items: RawNode[] = [];
  const sequence: RawSequence = {
    kind: 'sequence',
    items,
    line: cursor.firstLine + cursor.index,
    column: indent + 1,
  };
  for (;;) {
    const lineIndent = nextContentIndent(cursor);
    if (lineIndent === -1 || lineIndent < indent) return sequence;
    const line = cursor.lines[cursor.index] as string;
    if (lineIndent > indent || !line.startsWith('- ', indent)) {
      return lineIndent > indent || line.charCodeAt(indent) === 45 ? undefined : sequence;
    }
    let valueStart = indent + 2;
    while (line.charCodeAt(valueStart) === 32) valueStart++;
    const text = line.slice(valueStart);
    if (text === '' || text.startsWith('#')) return undefined;
    const item = readScalarNode(text, cursor.firstLine + cursor.index, valueStart + 1);
    if (item === undefined) return undefined;
    items.push(item);
    cursor.index++;
  }
}

function readEntryValue(cursor: Cursor, indent: number, entry: RawPosition): RawNode | undefined {
  const nextIndent = nextContentIndent(cursor);
  if (nextIndent > indent) {
    const line = cursor.lines[cursor.index] as string;
    if (line.charCodeAt(nextIndent) === 45) return readSequence(cursor, nextIndent);
    return readMapping(cursor, nextIndent);
  }
  return { kind: 'scalar', value: '', line: entry.line, column: entry.column };
}

/** Reads a scalar that fills the rest of a line, marking it plain when it has no quotes. */
function readScalarNode(text: string, line: number, column: number): RawScalar | undefined {
  const value = readBlockScalar(text);
  if (value === undefined) return undefined;
  const first = text.charCodeAt(0);
  return first === 34 || first === 39 || value === ''
    ? { kind: 'scalar', value, line, column }
    : { kind: 'scalar', value, line, column, plain: true };
}

/** Reads the value that follows `key: ` on its line: a scalar or a flow sequence. */
function readInlineValue(line: string, start: number, lineNumber: number): RawNode | undefined {
  if (line.charCodeAt(start) !== 91)
    return readScalarNode(line.slice(start), lineNumber, start + 1);
  const flow = readFlowSequence(line, start, lineNumber);
  return flow !== undefined && isEmptyRest(line.slice(flow.end)) ? flow.sequence : undefined;
}

function readMapping(cursor: Cursor, indent: number): RawMapping | undefined {
  const entries: RawEntry[] = [];
  nextContentIndent(cursor);
  const mapping: RawMapping = {
    kind: 'mapping',
    entries,
    line: cursor.firstLine + cursor.index,
    column: indent + 1,
  };
  const keys = new Set<string>();
  for (;;) {
    const lineIndent = nextContentIndent(cursor);
    if (lineIndent === -1 || lineIndent < indent) return mapping;
    if (lineIndent > indent) return undefined;
    const line = cursor.lines[cursor.index] as string;
    const match = KEY_LINE.exec(indent === 0 ? line : line.slice(indent));
    if (match === null) return undefined;
    const key = match[1] as string;
    if (keys.has(key)) return undefined;
    keys.add(key);
    const position = { line: cursor.firstLine + cursor.index, column: indent + 1 };
    const rest = match[2] ?? '';
    cursor.index++;
    let value: RawNode | undefined;
    if (rest === '' || rest.startsWith('#')) {
      value = readEntryValue(cursor, indent, position);
    } else {
      value = readInlineValue(line, line.length - rest.trimStart().length, position.line);
    }
    if (value === undefined) return undefined;
    entries.push({ key, line: position.line, column: position.column, value });
  }
}

/**
 * Reads plain frontmatter (block mappings, block sequences of one-line scalars and one-line flow
 * sequences of scalars) without a YAML parser; returns undefined for anything else, which the
 * caller then gives to the full parser.
 */
export function readPlainFrontmatter(text: string, firstLine: number): RawMapping | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined;
  const cursor: Cursor = { lines: text.split('\n'), index: 0, firstLine };
  const mapping = readMapping(cursor, 0);
  if (mapping === undefined || mapping.entries.length === 0) return undefined;
  return cursor.index >= cursor.lines.length ? mapping : undefined;
}
