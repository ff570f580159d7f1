import { describe, expect, it } from 'vitest';
import { formatWordVectorFile, parseWordVectorFile } from './word-vector-file.ts';

const entries = [
  ['the', [0.5, -0.25, 0]],
  ['car', [-1.27, 0.635, 0.127]],
  ['café', [0, 0, 0]],
] as const;

describe('word vector file', () => {
  it('reads back each word in frequency order with its vector within quantization error', () => {
    const vectors = parseWordVectorFile(formatWordVectorFile(entries, 3));
    expect(vectors.dimensions).toBe(3);
    expect([...vectors.rows]).toEqual([
      ['the', 0],
      ['car', 1],
      ['café', 2],
    ]);
    entries.forEach(([, vector], row) => {
      vector.forEach((value, dimension) => {
        const decoded =
          (vectors.scales[row] as number) * (vectors.values[row * 3 + dimension] as number);
        expect(decoded).toBeCloseTo(value, 2);
      });
    });
  });

  it('rejects a vector of the wrong length', () => {
    expect(() => formatWordVectorFile([['car', [1, 2]]], 3)).toThrow(
      'word vector for "car" has 2 values, not 3',
    );
  });

  it('rejects bytes of another format and another version', () => {
    expect(() => parseWordVectorFile(new TextEncoder().encode('skillset-synonyms 1'))).toThrow(
      'not a Skillset word vector file',
    );
    const bytes = formatWordVectorFile(entries, 3);
    new DataView(bytes.buffer).setUint32(4, 2, true);
    expect(() => parseWordVectorFile(bytes)).toThrow('word vector file version 2 is not supported');
  });
});
