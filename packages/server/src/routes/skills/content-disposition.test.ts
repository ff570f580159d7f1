import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.ts';

describe('contentDisposition', () => {
  it('gives ASCII names as they are', () => {
    expect(contentDisposition('review-pr.zip')).toBe('attachment; filename="review-pr.zip"');
  });

  it('adds a UTF-8 filename* with an ASCII fallback for other names', () => {
    expect(contentDisposition('café.zip')).toBe(
      `attachment; filename="cafe.zip"; filename*=UTF-8''caf%C3%A9.zip`,
    );
    expect(contentDisposition('技能.zip')).toBe(
      `attachment; filename="__.zip"; filename*=UTF-8''%E6%8A%80%E8%83%BD.zip`,
    );
  });

  it('never lets quotes or backslashes break the header', () => {
    expect(contentDisposition('a"b\\c.txt')).toBe(
      `attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%5Cc.txt`,
    );
  });
});
