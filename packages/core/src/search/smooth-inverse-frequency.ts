// A word's probability in English, estimated from its frequency rank (its word-vector row) by
// Zipf's law: the rows of `WordVectors` are ordered by frequency.
const zipfNormalizer = 12;

/**
 * How much a word of frequency rank `row` counts, as smooth inverse frequency (Arora et al.
 * 2017): `smoothing / (smoothing + p(word))`, near 1 for rare words and small for the commonest.
 */
export function smoothInverseFrequency(row: number, smoothing: number): number {
  const probability = 1 / ((row + 10) * zipfNormalizer);
  return smoothing / (smoothing + probability);
}
