/** Turns texts into embedding vectors, one per text in order (wrap any embedding model in this). */
export type EmbeddingFunction = (texts: string[]) => Promise<number[][]>;

/** Where skill embeddings are kept by content hash; a `Map` works, a persistent store can too. */
export interface EmbeddingCache {
  get(key: string): readonly number[] | undefined;
  set(key: string, value: readonly number[]): unknown;
}
