import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { embedWords, normalizeVector } from './embed-words.ts';
import type { WordVectors } from './word-vectors.ts';

/** Skills as averaged word vectors, compared with a query by cosine similarity. */
export interface SkillVectors {
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

/**
 * Embeds each skill's name, description and tags as the frequency-weighted mean of its word
 * vectors, minus the skills' common direction (what every skill shares says nothing about one).
 */
export function createSkillVectors(
  skills: readonly CatalogSkill[],
  vectors: WordVectors,
): SkillVectors {
  const { dimensions } = vectors;
  const matrix = new Float32Array(skills.length * dimensions);
  const embedded = new Uint8Array(skills.length);
  const mean = new Float32Array(dimensions);
  skills.forEach((skill, position) => {
    const row = matrix.subarray(position * dimensions, (position + 1) * dimensions);
    if (embedWords(skillText(skill), vectors, row) === 0) return;
    embedded[position] = 1;
    normalizeVector(row);
    for (let dimension = 0; dimension < dimensions; dimension++) {
      mean[dimension] = (mean[dimension] as number) + (row[dimension] as number) / skills.length;
    }
  });
  const center = (vector: Float32Array): void => {
    for (let dimension = 0; dimension < dimensions; dimension++) {
      vector[dimension] = (vector[dimension] as number) - (mean[dimension] as number);
    }
    normalizeVector(vector);
  };
  skills.forEach((_, position) => {
    if (embedded[position] === 1) {
      center(matrix.subarray(position * dimensions, (position + 1) * dimensions));
    }
  });

  return {
    similarities(query, positions) {
      const vector = new Float32Array(dimensions);
      if (embedWords(query, vectors, vector) === 0) return undefined;
      normalizeVector(vector);
      center(vector);
      const similarities = new Float32Array(skills.length);
      const score = (position: number): void => {
        const offset = position * dimensions;
        let dot = 0;
        for (let dimension = 0; dimension < dimensions; dimension++) {
          dot += (matrix[offset + dimension] as number) * (vector[dimension] as number);
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
