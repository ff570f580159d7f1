import type { WordVectors } from './word-vectors.ts';

const magic = 0x56574b53; // "SKWV", little-endian
/** The word vector file format this code reads and writes (see {@link formatWordVectorFile}). */
export const WORD_VECTOR_FILE_VERSION = 1;
const headerBytes = 16;

/**
 * Quantizes word vectors (most frequent word first) into bytes: a 16-byte header (magic, version,
 * word count, dimensions as little-endian uint32), a float32 scale per word, `dimensions` int8
 * values per word, then the words as UTF-8 separated by newlines.
 */
export function formatWordVectorFile(
  entries: ReadonlyArray<readonly [word: string, vector: readonly number[]]>,
  dimensions: number,
): Uint8Array {
  const words = new TextEncoder().encode(entries.map(([word]) => word).join('\n'));
  const count = entries.length;
  const bytes = new Uint8Array(headerBytes + count * 4 + count * dimensions + words.length);
  const view = new DataView(bytes.buffer);
  [magic, WORD_VECTOR_FILE_VERSION, count, dimensions].forEach((value, index) => {
    view.setUint32(index * 4, value, true);
  });
  const valuesOffset = headerBytes + count * 4;
  entries.forEach(([word, vector], row) => {
    if (vector.length !== dimensions || word.includes('\n')) {
      throw new Error(`word vector for "${word}" has ${vector.length} values, not ${dimensions}`);
    }
    const largest = Math.max(...vector.map(Math.abs));
    const scale = largest > 0 ? largest / 127 : 1;
    view.setFloat32(headerBytes + row * 4, scale, true);
    vector.forEach((value, dimension) => {
      view.setInt8(valuesOffset + row * dimensions + dimension, Math.round(value / scale));
    });
  });
  bytes.set(words, valuesOffset + count * dimensions);
  return bytes;
}

/** Reads bytes written by {@link formatWordVectorFile}; throws on another format or version. */
export function parseWordVectorFile(bytes: Uint8Array): WordVectors {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < headerBytes || view.getUint32(0, true) !== magic) {
    throw new Error('not a Skillset word vector file');
  }
  const version = view.getUint32(4, true);
  if (version !== WORD_VECTOR_FILE_VERSION) {
    throw new Error(
      `word vector file version ${version} is not supported (expected ${WORD_VECTOR_FILE_VERSION})`,
    );
  }
  const count = view.getUint32(8, true);
  const dimensions = view.getUint32(12, true);
  const valuesOffset = headerBytes + count * 4;
  const wordsOffset = valuesOffset + count * dimensions;
  const scales = new Float32Array(count);
  for (let row = 0; row < count; row++) scales[row] = view.getFloat32(headerBytes + row * 4, true);
  const values = new Int8Array(bytes.buffer, bytes.byteOffset + valuesOffset, count * dimensions);
  const words = new TextDecoder().decode(bytes.subarray(wordsOffset)).split('\n');
  if (words.length !== count) {
    throw new Error(`word vector file lists ${words.length} words for ${count} vectors`);
  }
  const rows = new Map<string, number>();
  words.forEach((word, row) => {
    rows.set(word, row);
  });
  return { dimensions, rows, values, scales };
}
