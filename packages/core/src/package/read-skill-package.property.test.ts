import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSkillPackage } from './read-skill-package.ts';
import { writeSkillPackage } from './write-skill-package.ts';

const encoder = new TextEncoder();
const VALID = writeSkillPackage({
  folderName: 'demo',
  skillText: '---\nname: demo\ndescription: A demo skill.\n---\nBody\n',
  files: [
    { path: 'notes.md', bytes: encoder.encode('some notes '.repeat(40)) },
    { path: 'data.bin', bytes: new Uint8Array([1, 2, 3]) },
  ],
});

function checkResult(bytes: Uint8Array) {
  const result = readSkillPackage(bytes, { limits: { maxPackageBytes: 1024 * 1024 } });
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) {
    expect(result.issues.length).toBeGreaterThan(0);
    expect(result.issues.some((issue) => issue.severity === 'error')).toBe(true);
  } else {
    expect(result.issues.every((issue) => issue.severity === 'warning')).toBe(true);
  }
}

describe('readSkillPackage (properties)', () => {
  it('returns a result for arbitrary bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => checkResult(bytes)),
      {
        numRuns: 2000,
      },
    );
  });

  it('returns a result for random mutations of a valid ZIP', () => {
    expect(readSkillPackage(VALID).ok).toBe(true);
    const mutation = fc.array(
      fc.record({
        position: fc.nat({ max: VALID.length - 1 }),
        value: fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0, 0xff, 0x2e, 0x2f)),
      }),
      { minLength: 1, maxLength: 6 },
    );
    fc.assert(
      fc.property(mutation, fc.nat({ max: VALID.length }), (changes, cut) => {
        const bytes = VALID.slice();
        for (const { position, value } of changes) bytes[position] = value;
        checkResult(bytes);
        checkResult(bytes.subarray(0, cut));
      }),
      { numRuns: 3000 },
    );
  });
});
