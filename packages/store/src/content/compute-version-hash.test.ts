import { describe, expect, it } from 'vitest';
import { computeVersionHash } from './compute-version-hash.ts';
import { sha256 } from './sha256.ts';

describe('computeVersionHash', () => {
  it('depends on paths and contents but not on the order files are given', () => {
    const a = { path: 'SKILL.md', hash: sha256('skill') };
    const b = { path: 'ref/a.md', hash: sha256('a') };
    expect(computeVersionHash([a, b])).toBe(computeVersionHash([b, a]));
    expect(computeVersionHash([a, b])).not.toBe(
      computeVersionHash([a, { ...b, path: 'ref/b.md' }]),
    );
    expect(computeVersionHash([a, b])).not.toBe(
      computeVersionHash([a, { ...b, hash: sha256('b') }]),
    );
    expect(computeVersionHash([a])).toBe(sha256(`SKILL.md\0${sha256('skill')}\n`));
  });
});
