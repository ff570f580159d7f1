import { describe, expect, it } from 'vitest';
import { formatSkillEtag, readIfMatch } from './skill-etag.ts';

describe('readIfMatch', () => {
  it('reads strong, weak and bare versions', () => {
    expect(readIfMatch(formatSkillEtag(3), { required: true })).toBe(3);
    expect(readIfMatch('W/"4"', { required: true })).toBe(4);
    expect(readIfMatch(' 5 ', { required: true })).toBe(5);
  });

  it('needs the header only when required', () => {
    expect(readIfMatch(undefined, { required: false })).toBeUndefined();
    expect(() => readIfMatch(undefined, { required: true })).toThrow(
      expect.objectContaining({ code: 'precondition_required' }),
    );
  });

  it('refuses anything but one version', () => {
    for (const value of ['*', '"1", "2"', 'abc', '"-1"']) {
      expect(() => readIfMatch(value, { required: true }), value).toThrow(
        expect.objectContaining({ code: 'invalid_request' }),
      );
    }
  });
});
