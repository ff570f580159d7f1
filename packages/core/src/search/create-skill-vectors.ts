import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { embedWords, normalizeVector } from './embed-words.ts';
import type { WordVectors } from './word-vectors.ts';

/** Skills as averaged word vectors, compared with a query by cosine similarity. */
export interface SkillVectors {
  /** The skills' common direction, which every vector is centred on; persist it to skip embedding every skill next time. */
  readonly mean: Float32Array;
  /**
   * Per skill, the cosine similarity with the query (only at `positions` when given, 0 elsewhere);
   * `undefined` when no query word has a vector.
   */
  similarities(query: string, positions?: readonly number[]): Float32Array | undefined;
}

/** The text of a skill that is embedded: name, description, tags and category (no body, so a cached index needs no bodies). */
function skillText(skill: CatalogSkill): string {
  const name = skill.name.replace(/[-_.]+/g, ' ');
  return [name, skill.description, ...(skill.tags ?? []), skill.category ?? ''].join(' ');
}

/** A row's state: not embedded yet, embedded, or without any word that has a vector. */
const PENDING = 0;
const EMBEDDED = 1;
const EMPTY = 2;

/**
 * Embeds each skill's name, description and tags as the frequency-weighted mean of its word
 * vectors, minus the skills' common direction (what every skill shares says nothing about one).
 * Given that direction (`mean`, as an earlier index over the same skills and vectors gave it), a
 * skill is embedded only when a query first asks for its similarity.
 */
export function createSkillVectors(
  skills: readonly CatalogSkill[],
  vectors: WordVectors,
  known?: { mean: Float32Array },
): SkillVectors {
  const { dimensions } = vectors;
  const matrix = new Float32Array(skills.length * dimensions);
  const state = new Uint8Array(skills.length);
  const rowOf = (position: number) =>
    matrix.subarray(position * dimensions, (position + 1) * dimensions);
  /** Embeds and normalizes one skill's row; false when none of its words has a vector. */
  const embed = (position: number): boolean => {
    const row = rowOf(position);
    if (embedWords(skillText(skills[position] as CatalogSkill), vectors, row) === 0) {
      state[position] = EMPTY;
      return false;
    }
    normalizeVector(row);
    return true;
  };
  const center = (vector: Float32Array, mean: Float32Array): void => {
    for (let dimension = 0; dimension < dimensions; dimension++) {
      vector[dimension] = (vector[dimension] as number) - (mean[dimension] as number);
    }
    normalizeVector(vector);
  };

  let mean = known?.mean.length === dimensions ? known.mean : undefined;
  if (mean === undefined) {
    const sum = new Float32Array(dimensions);
    for (let position = 0; position < skills.length; position++) {
      if (!embed(position)) continue;
      const row = rowOf(position);
      for (let dimension = 0; dimension < dimensions; dimension++) {
        sum[dimension] = (sum[dimension] as number) + (row[dimension] as number) / skills.length;
      }
    }
    for (let position = 0; position < skills.length; position++) {
      if (state[position] === EMPTY) continue;
      center(rowOf(position), sum);
      state[position] = EMBEDDED;
    }
    mean = sum;
  }
  const centred = mean;
  /** The skill's centred row, embedded on first use; undefined when it has no vector. */
  const vectorOf = (position: number): Float32Array | undefined => {
    if (state[position] === PENDING) {
      if (!embed(position)) return undefined;
      center(rowOf(position), centred);
      state[position] = EMBEDDED;
    }
    return state[position] === EMBEDDED ? rowOf(position) : undefined;
  };

  return {
    mean: centred,
    similarities(query, positions) {
      const vector = new Float32Array(dimensions);
      if (embedWords(query, vectors, vector) === 0) return undefined;
      normalizeVector(vector);
      center(vector, centred);
      const similarities = new Float32Array(skills.length);
      const score = (position: number): void => {
        const row = vectorOf(position);
        if (row === undefined) return;
        let dot = 0;
        for (let dimension = 0; dimension < dimensions; dimension++) {
          dot += (row[dimension] as number) * (vector[dimension] as number);
        }
        similarities[position] = dot;
      };
      if (positions === undefined)
        for (let position = 0; position < skills.length; position++) score(position);
      else for (const position of positions) score(position);
      return similarities;
    },
  };
}
