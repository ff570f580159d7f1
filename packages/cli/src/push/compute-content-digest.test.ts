import { computeVersionHash, sha256 } from '@skillset/store/test';
import { describe, expect, it } from 'vitest';
import { computeContentDigest } from './compute-content-digest.ts';

const encoder = new TextEncoder();

describe('computeContentDigest', () => {
  it("equals the store's version hash, whatever order the files come in", () => {
    const files = [
      { path: 'scripts/run.sh', bytes: encoder.encode('#!/bin/sh\necho hi\n') },
      { path: 'SKILL.md', bytes: encoder.encode('---\nname: a\ndescription: b\n---\n\nBody.\n') },
      { path: 'references/Guide.md', bytes: encoder.encode('Guide.') },
      { path: 'assets/logo.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]) },
    ];
    const stored = computeVersionHash(
      files.map((file) => ({ path: file.path, hash: sha256(file.bytes) })),
    );
    expect(computeContentDigest(files)).toBe(stored);
    expect(computeContentDigest([...files].reverse())).toBe(stored);
  });

  it('changes when one byte or one path changes', () => {
    const base = [{ path: 'SKILL.md', bytes: encoder.encode('x') }];
    expect(computeContentDigest(base)).not.toBe(
      computeContentDigest([{ path: 'SKILL.md', bytes: encoder.encode('y') }]),
    );
    expect(computeContentDigest(base)).not.toBe(
      computeContentDigest([{ path: 'skill.md', bytes: encoder.encode('x') }]),
    );
  });
});
