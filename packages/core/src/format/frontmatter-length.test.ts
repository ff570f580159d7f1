import { describe, expect, it } from 'vitest';
import { frontmatterLength } from './frontmatter-length.ts';

describe('frontmatterLength', () => {
  it('counts through the closing fence line and its newline', () => {
    const text = '---\nname: a\n---\nBody\n';
    expect(frontmatterLength(text)).toBe(text.indexOf('Body'));
  });

  it('accepts trailing spaces, CRLF and a BOM', () => {
    expect(frontmatterLength('---\r\na: b\r\n---  \r\nx')).toBe(18);
    expect(frontmatterLength('\ufeff---\na: b\n---\nx')).toBe(14);
  });

  it('is undefined until the closing fence line ends', () => {
    expect(frontmatterLength('---\nname: a\n')).toBeUndefined();
    expect(frontmatterLength('---\nname: a\n---')).toBeUndefined();
    expect(frontmatterLength('---\nname: a\n----\n')).toBeUndefined();
    expect(frontmatterLength('# no frontmatter\n---\n')).toBeUndefined();
  });
});
