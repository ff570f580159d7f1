/**
 * Static word embeddings (e.g. GloVe), quantized: row `r` is `scales[r] × values[r·dimensions …]`.
 * Rows are ordered by word frequency (row 0 = the most frequent word), which weights words.
 */
export interface WordVectors {
  dimensions: number;
  /** Each word's row. */
  rows: ReadonlyMap<string, number>;
  values: Int8Array;
  scales: Float32Array;
}
