import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizeArguments, tokenizeArgumentsLeniently } from './tokenize-arguments.ts';

const tokens = (text: string) => {
  const result = tokenizeArguments(text);
  if (!result.success) throw new Error(result.error.message);
  return result.tokens;
};

describe('tokenizeArguments', () => {
  it('splits on any whitespace', () => {
    expect(tokens('  a b\t\tc\nd  ')).toEqual(['a', 'b', 'c', 'd']);
    expect(tokens('')).toEqual([]);
  });

  it('reads single quotes literally', () => {
    expect(tokens(`'a "b" \\n $x'`)).toEqual(['a "b" \\n $x']);
  });

  it('reads double quotes with backslash escapes for quote, backslash, $ and backtick', () => {
    expect(tokens('"say \\"hi\\" \\\\ \\$HOME \\d"')).toEqual(['say "hi" \\ $HOME \\d']);
  });

  it('joins adjacent quoted and bare parts into one token and keeps empty quotes', () => {
    expect(tokens(`a"b c"'d e'f "" ''`)).toEqual(['ab cd ef', '', '']);
  });

  it('escapes whitespace, quotes and backslashes outside quotes and keeps other backslashes', () => {
    expect(tokens(String.raw`a\ b \"c\' d\\e C:\Users\x`)).toEqual([
      'a b',
      `"c'`,
      'd\\e',
      'C:\\Users\\x',
    ]);
  });

  it('reports an unterminated quote with its position', () => {
    const result = tokenizeArguments('deploy "staging --dry-run');
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error.code).toBe('unterminated_quote');
    expect(result.error.message).toMatchInlineSnapshot(`
      "Unterminated double quote at column 8; close it, or escape it with a backslash:
        deploy "staging --dry-run
               ^"
    `);
  });

  it('shows the line and a window of a long multi-line argument string', () => {
    const text = `first line\n${'word '.repeat(12)}it's ${'more '.repeat(12)}`;
    const result = tokenizeArguments(text);
    expect(result.success ? '' : result.error.message).toMatchInlineSnapshot(`
      "Unterminated single quote at line 2, column 63; close it, or escape it with a backslash:
        …rd word word word word word it's more more more more more mo…
                                       ^"
    `);
  });

  it('reads an unmatched quote literally in lenient mode', () => {
    expect(tokenizeArgumentsLeniently(`what's "this one`)).toEqual(["what's", '"this', 'one']);
    expect(tokenizeArgumentsLeniently(`don't 'x y'`)).toEqual(['dont x', "y'"]);
  });

  it('never throws and round-trips single-quoted tokens', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const result = tokenizeArguments(text);
        expect(typeof result.success).toBe('boolean');
        tokenizeArgumentsLeniently(text);
      }),
    );
    fc.assert(
      fc.property(fc.array(fc.string()), (values) => {
        const quoted = values.map((value) => `'${value.replaceAll("'", `'\\''`)}'`).join(' ');
        expect(tokens(quoted)).toEqual(values);
      }),
    );
  });
});
