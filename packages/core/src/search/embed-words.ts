import { smoothInverseFrequency } from './smooth-inverse-frequency.ts';
import { STOP_WORDS } from './stop-words.ts';
import { splitWords } from './tokenize-text.ts';
import type { WordVectors } from './word-vectors.ts';

// Smooth inverse frequency: frequent words count little in a text's mean vector.
const smoothing = 1e-3;

/** Adds the frequency-weighted vectors of the words of `text` (stop words and unknown words skipped) into `sum`; returns how many words had a vector. */
export function embedWords(text: string, vectors: WordVectors, sum: Float32Array): number {
  const { dimensions, rows, values, scales } = vectors;
  let found = 0;
  for (const word of splitWords(text)) {
    if (STOP_WORDS.has(word)) continue;
    const row = rows.get(word);
    if (row === undefined) continue;
    const weight = smoothInverseFrequency(row, smoothing) * (scales[row] as number);
    const offset = row * dimensions;
    for (let dimension = 0; dimension < dimensions; dimension++) {
      sum[dimension] = (sum[dimension] as number) + weight * (values[offset + dimension] as number);
    }
    found++;
  }
  return found;
}

/** Scales a vector to length 1 in place (a zero vector stays zero). */
export function normalizeVector(vector: Float32Array): Float32Array {
  let squares = 0;
  for (const value of vector) squares += value * value;
  const length = Math.sqrt(squares);
  if (length > 0)
    for (let index = 0; index < vector.length; index++)
      vector[index] = (vector[index] as number) / length;
  return vector;
}
