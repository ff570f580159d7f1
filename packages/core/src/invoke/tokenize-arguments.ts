import type { InvocationError } from './invocation-error.ts';

/** The result of {@link tokenizeArguments}: the tokens, or an `unterminated_quote` error. */
export type TokenizeArgumentsResult =
  | { success: true; tokens: string[] }
  | { success: false; error: InvocationError };

const WHITESPACE = /\s/;
const SNIPPET_RADIUS = 30;
/** Characters a backslash escapes inside double quotes, as in POSIX shells; before others it stays. */
const DOUBLE_QUOTE_ESCAPABLE = new Set(['"', '\\', '$', '`', '\n']);
/** Outside quotes a backslash escapes whitespace, quotes and itself; `C:\dir` keeps its backslash. */
const BARE_ESCAPABLE = new Set(['"', "'", '\\']);

/** Splits an argument string into tokens with shell-like quoting: `'…'` literal, `"…"` and `\` escapes. */
export function tokenizeArguments(text: string): TokenizeArgumentsResult {
  const scan = scanTokens(text, false);
  if (scan.unterminatedAt === undefined) return { success: true, tokens: scan.tokens };
  const message = describeUnterminatedQuote(text, scan.unterminatedAt);
  return {
    success: false,
    error: {
      code: 'unterminated_quote',
      message,
      issues: [{ code: 'unterminated_quote', message }],
    },
  };
}

/** Splits an argument string like {@link tokenizeArguments}, reading an unmatched quote as a literal character. */
export function tokenizeArgumentsLeniently(text: string): string[] {
  return scanTokens(text, true).tokens;
}

interface TokenScan {
  tokens: string[];
  unterminatedAt?: number;
}

function scanTokens(text: string, lenient: boolean): TokenScan {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let index = 0;
  while (index < text.length) {
    const character = text[index] as string;
    if (WHITESPACE.test(character)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
      index++;
      continue;
    }
    inToken = true;
    if (character === "'" || character === '"') {
      const quoted = readQuoted(text, index);
      if (quoted === undefined) {
        if (!lenient) return { tokens, unterminatedAt: index };
        current += character;
        index++;
        continue;
      }
      current += quoted.value;
      index = quoted.end;
      continue;
    }
    if (character === '\\') {
      const next = text[index + 1];
      if (next !== undefined && (WHITESPACE.test(next) || BARE_ESCAPABLE.has(next))) {
        current += next;
        index += 2;
        continue;
      }
    }
    current += character;
    index++;
  }
  if (inToken) tokens.push(current);
  return { tokens };
}

function readQuoted(text: string, start: number): { value: string; end: number } | undefined {
  const quote = text[start];
  if (quote === "'") {
    const close = text.indexOf("'", start + 1);
    return close === -1 ? undefined : { value: text.slice(start + 1, close), end: close + 1 };
  }
  let value = '';
  let index = start + 1;
  while (index < text.length) {
    const character = text[index] as string;
    if (character === '"') return { value, end: index + 1 };
    const next = text[index + 1];
    if (character === '\\' && next !== undefined && DOUBLE_QUOTE_ESCAPABLE.has(next)) {
      value += next;
      index += 2;
      continue;
    }
    value += character;
    index++;
  }
  return undefined;
}

function describeUnterminatedQuote(text: string, offset: number): string {
  const quote = text[offset] === '"' ? 'double' : 'single';
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const newline = text.indexOf('\n', offset);
  const lineEnd = newline === -1 ? text.length : newline;
  const lineNumber = countNewlines(text, lineStart) + 1;
  const column = offset - lineStart + 1;
  const from = Math.max(lineStart, offset - SNIPPET_RADIUS);
  const to = Math.min(lineEnd, offset + SNIPPET_RADIUS);
  const before = from > lineStart ? '…' : '';
  const after = to < lineEnd ? '…' : '';
  const snippet = `${before}${text.slice(from, to)}${after}`;
  const caret = `${' '.repeat(before.length + offset - from)}^`;
  const where = lineNumber > 1 ? `line ${lineNumber}, column ${column}` : `column ${column}`;
  return [
    `Unterminated ${quote} quote at ${where}; close it, or escape it with a backslash:`,
    `  ${snippet}`,
    `  ${caret}`,
  ].join('\n');
}

function countNewlines(text: string, end: number): number {
  let count = 0;
  for (
    let index = text.indexOf('\n');
    index !== -1 && index < end;
    index = text.indexOf('\n', index + 1)
  ) {
    count++;
  }
  return count;
}
