import type { RawEntry, RawMapping, RawNode, RawPosition, RawSequence } from './raw-node.ts';

// Characters the fast path leaves to the YAML parser: tabs, CR, control and special line breaks.
const UNSUPPORTED_CHARACTERS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: these characters are what the fast path refuses.
  /[\t\r\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]/;
const KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?: +(.*))?$/;
const PLAIN_START_REFUSED = '-?:,[]{}#&*!|>\'"%@`';
const HEX = /^[0-9a-fA-F]+$/;
const DOUBLE_QUOTE_ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

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

function readSingleQuoted(text: string): string | undefined {
  let value = '';
  let index = 1;
  for (;;) {
    const quote = text.indexOf("'", index);
    if (quote === -1) return undefined;
    value += text.slice(index, quote);
    if (text.charCodeAt(quote + 1) === 39) {
      value += "'";
      index = quote + 2;
      continue;
    }
    return isEmptyRest(text.slice(quote + 1)) ? value : undefined;
  }
}

function readDoubleQuoted(text: string): string | undefined {
  let value = '';
  let index = 1;
  while (index < text.length) {
    const char = text[index] as string;
    if (char === '"') return isEmptyRest(text.slice(index + 1)) ? value : undefined;
    if (char !== '\\') {
      value += char;
      index++;
      continue;
    }
    const escapeCode = text[index + 1];
    if (escapeCode === undefined) return undefined;
    const simple = DOUBLE_QUOTE_ESCAPES[escapeCode];
    if (simple !== undefined) {
      value += simple;
      index += 2;
      continue;
    }
    const length = escapeCode === 'x' ? 2 : escapeCode === 'u' ? 4 : 0;
    const hex = text.slice(index + 2, index + 2 + length);
    if (length === 0 || hex.length !== length || !HEX.test(hex)) return undefined;
    value += String.fromCodePoint(Number.parseInt(hex, 16));
    index += 2 + length;
  }
  return undefined;
}

function isEmptyRest(rest: string): boolean {
  const trimmed = rest.trimStart();
  return trimmed === '' || (trimmed.startsWith('#') && trimmed.length < rest.length);
}

function readPlain(text: string): string | undefined {
  if (PLAIN_START_REFUSED.includes(text[0] as string)) return undefined;
  const comment = text.indexOf(' #');
  const value = (comment === -1 ? text : text.slice(0, comment)).trimEnd();
  if (value.endsWith(':') || value.includes(': ')) return undefined;
  return value;
}

/** Reads a one-line scalar starting at `text` (no leading spaces), or undefined to fall back. */
function readInlineScalar(text: string): string | undefined {
  const first = text.charCodeAt(0);
  if (first === 39) return readSingleQuoted(text);
  if (first === 34) return readDoubleQuoted(text);
  return readPlain(text);
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
    const value = readInlineScalar(text);
    if (value === undefined) return undefined;
    items.push({
      kind: 'scalar',
      value,
      line: cursor.firstLine + cursor.index,
      column: valueStart + 1,
    });
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
      const text = rest.trimStart();
      const scalar = readInlineScalar(text);
      if (scalar === undefined) return undefined;
      const column = line.length - text.length + 1;
      value = { kind: 'scalar', value: scalar, line: position.line, column };
    }
    if (value === undefined) return undefined;
    entries.push({ key, line: position.line, column: position.column, value });
  }
}

/**
 * Reads plain frontmatter (block mappings and sequences of one-line scalars) without a YAML
 * parser; returns undefined for anything else, which the caller then gives to the full parser.
 */
export function readPlainFrontmatter(text: string, firstLine: number): RawMapping | undefined {
  if (UNSUPPORTED_CHARACTERS.test(text)) return undefined;
  const cursor: Cursor = { lines: text.split('\n'), index: 0, firstLine };
  const mapping = readMapping(cursor, 0);
  if (mapping === undefined || mapping.entries.length === 0) return undefined;
  return cursor.index >= cursor.lines.length ? mapping : undefined;
}
