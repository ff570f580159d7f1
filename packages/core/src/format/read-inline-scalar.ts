/** A scalar read from one line of frontmatter: its value and the offset just past its text. */
export interface InlineScalar {
  value: string;
  end: number;
}

// Characters that may not start a plain scalar the fast path reads (indicators and quotes).
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

/** True when `rest` is empty, blank, or blank space followed by a `#` comment. */
export function isEmptyRest(rest: string): boolean {
  const trimmed = rest.trimStart();
  return trimmed === '' || (trimmed.startsWith('#') && trimmed.length < rest.length);
}

function readSingleQuoted(line: string, start: number): InlineScalar | undefined {
  let value = '';
  let index = start + 1;
  for (;;) {
    const quote = line.indexOf("'", index);
    if (quote === -1) return undefined;
    value += line.slice(index, quote);
    if (line.charCodeAt(quote + 1) !== 39) return { value, end: quote + 1 };
    value += "'";
    index = quote + 2;
  }
}

function readDoubleQuoted(line: string, start: number): InlineScalar | undefined {
  let value = '';
  let index = start + 1;
  for (;;) {
    const quote = line.indexOf('"', index);
    if (quote === -1) return undefined;
    const backslash = line.indexOf('\\', index);
    if (backslash === -1 || backslash > quote) {
      return { value: value + line.slice(index, quote), end: quote + 1 };
    }
    value += line.slice(index, backslash);
    const escapeCode = line[backslash + 1];
    if (escapeCode === undefined) return undefined;
    const simple = DOUBLE_QUOTE_ESCAPES[escapeCode];
    if (simple !== undefined) {
      value += simple;
      index = backslash + 2;
      continue;
    }
    const length = escapeCode === 'x' ? 2 : escapeCode === 'u' ? 4 : 0;
    const hex = line.slice(backslash + 2, backslash + 2 + length);
    if (length === 0 || hex.length !== length || !HEX.test(hex)) return undefined;
    value += String.fromCodePoint(Number.parseInt(hex, 16));
    index = backslash + 2 + length;
  }
}

/** Reads a single- or double-quoted scalar whose opening quote is at `start`, or undefined. */
export function readQuotedScalar(line: string, start: number): InlineScalar | undefined {
  return line.charCodeAt(start) === 39
    ? readSingleQuoted(line, start)
    : readDoubleQuoted(line, start);
}

/** True when `char` may not start a plain scalar the fast path reads. */
export function isRefusedPlainStart(char: string): boolean {
  return PLAIN_START_REFUSED.includes(char);
}

function readBlockPlain(text: string): string | undefined {
  if (isRefusedPlainStart(text[0] as string)) return undefined;
  const comment = text.indexOf(' #');
  const value = (comment === -1 ? text : text.slice(0, comment)).trimEnd();
  if (value.endsWith(':') || value.includes(': ')) return undefined;
  return value;
}

/**
 * Reads a scalar that fills the rest of a line in block context (`text` starts at the value and
 * may end in a comment), or undefined when the fast path cannot be sure what YAML makes of it.
 */
export function readBlockScalar(text: string): string | undefined {
  const first = text.charCodeAt(0);
  if (first !== 39 && first !== 34) return readBlockPlain(text);
  const quoted = readQuotedScalar(text, 0);
  return quoted !== undefined && isEmptyRest(text.slice(quoted.end)) ? quoted.value : undefined;
}
