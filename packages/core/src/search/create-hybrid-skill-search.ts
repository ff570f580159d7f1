import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { cosineSimilarity } from './cosine-similarity.ts';
import {
  createSkillIndex,
  type SkillIndex,
  type SkillIndexQueryOptions,
  type SkillSearchHit,
} from './create-skill-index.ts';
import type { EmbeddingCache, EmbeddingFunction } from './embedding-function.ts';
import { fuseRankings } from './fuse-rankings.ts';
import { hashSkillContent, skillEmbeddingText } from './hash-skill-content.ts';

/** Options of `createHybridSkillSearch`. */
export interface HybridSkillSearchOptions {
  skills: readonly CatalogSkill[];
  /** The embedding model, wrapped as a function. */
  embed: EmbeddingFunction;
  /** The offline index over the same skills; built with defaults when absent. */
  index?: SkillIndex;
  /** Skill embeddings by content hash; a new `Map` when absent. Share one to survive rebuilds. */
  cache?: EmbeddingCache;
  /** How many results of each ranker are fused (default 100). */
  candidates?: number;
  /** Weight of the BM25 ranking in the fusion (default 1). */
  lexicalWeight?: number;
  /** Weight of the embedding ranking in the fusion (default 1). */
  semanticWeight?: number;
  /** Reciprocal rank fusion constant (default 60). */
  fusionConstant?: number;
  /** Texts per `embed` call when embedding skills (default 64). */
  batchSize?: number;
}

/** Search that fuses the offline BM25 ranking with embedding similarity. */
export interface HybridSkillSearch {
  /** Embeds the skills whose content hash is not cached yet; `search` calls it on first use. */
  prepare(): Promise<void>;
  /** Fused results best first, as `{ name, score, description }`. */
  search(query: string, options?: SkillIndexQueryOptions): Promise<SkillSearchHit[]>;
}

/** Creates hybrid search: BM25 and embedding cosine similarity fused by reciprocal rank, embeddings cached per content hash. */
export function createHybridSkillSearch(options: HybridSkillSearchOptions): HybridSkillSearch {
  const { skills, embed } = options;
  const index = options.index ?? createSkillIndex(skills);
  const cache: EmbeddingCache = options.cache ?? new Map<string, readonly number[]>();
  const candidates = options.candidates ?? 100;
  const batchSize = options.batchSize ?? 64;
  const byName = new Map(skills.map((skill) => [skill.name, skill]));
  let vectors: Array<readonly number[]> | undefined;
  let preparing: Promise<void> | undefined;

  const prepareOnce = async (): Promise<void> => {
    const texts = skills.map(skillEmbeddingText);
    const keys = await Promise.all(texts.map(hashSkillContent));
    const missing = [...new Set(keys.filter((key) => cache.get(key) === undefined))];
    const textByKey = new Map(keys.map((key, position) => [key, texts[position] as string]));
    for (let start = 0; start < missing.length; start += batchSize) {
      const batch = missing.slice(start, start + batchSize);
      const embedded = await embed(batch.map((key) => textByKey.get(key) as string));
      batch.forEach((key, position) => {
        cache.set(key, embedded[position] ?? []);
      });
    }
    vectors = keys.map((key) => cache.get(key) ?? []);
  };

  const prepare = (): Promise<void> => {
    preparing ??= prepareOnce().catch((error: unknown) => {
      preparing = undefined;
      throw error;
    });
    return preparing;
  };

  return {
    prepare,
    async search(query, queryOptions = {}) {
      const limit = queryOptions.limit ?? 10;
      await prepare();
      const [queryVector = []] = await embed([query]);
      const lexical = index.search(query, { limit: candidates }).map((hit) => hit.name);
      const similarities = (vectors ?? []).map((vector, position) => ({
        name: skills[position]?.name ?? '',
        similarity: cosineSimilarity(queryVector, vector),
      }));
      const semantic = similarities
        .filter((entry) => entry.similarity > 0)
        .sort((left, right) => right.similarity - left.similarity)
        .slice(0, candidates)
        .map((entry) => entry.name);
      const fused = fuseRankings(
        [
          { names: lexical, weight: options.lexicalWeight ?? 1 },
          { names: semantic, weight: options.semanticWeight ?? 1 },
        ],
        { constant: options.fusionConstant ?? 60 },
      );
      return fused.slice(0, limit).map(({ name, score }) => ({
        name,
        score,
        description: byName.get(name)?.description ?? '',
      }));
    },
  };
}
