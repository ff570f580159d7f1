import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { embedWords, normalizeVector } from './embed-words.ts';
import type { WordVectors } from './word-vectors.ts';

/** Every skill's embedding, as {@link createSkillVectors} computes it: persist it to skip that work. */
export interface EmbeddedSkills {
  /** The skills' common direction, which every vector (a query's too) is centred on. */
  mean: Float32Array;
  /** One centred, unit-length row of `dimensions` per skill; zeros for a skill without known words. */
  matrix: Float32Array;
}

/** Skills as averaged word vectors, compared with a query by cosine similarity. */
export interface SkillVectors {
  readonly embedded: EmbeddedSkills;
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

/** Subtracts `mean` from `vector` and scales it back to length 1, in place. */
function center(vector: Float32Array, mean: Float32Array): void {
  for (let dimension = 0; dimension < vector.length; dimension++) {
    vector[dimension] = (vector[dimension] as number) - (mean[dimension] as number);
  }
  normalizeVector(vector);
}

function embedSkills(skills: readonly CatalogSkill[], vectors: WordVectors): EmbeddedSkills {
  const { dimensions } = vectors;
  const matrix = new Float32Array(skills.length * dimensions);
  const embedded = new Uint8Array(skills.length);
  const mean = new Float32Array(dimensions);
  const rowOf = (position: number) =>
    matrix.subarray(position * dimensions, (position + 1) * dimensions);
  skills.forEach((skill, position) => {
    const row = rowOf(position);
    if (embedWords(skillText(skill), vectors, row) === 0) return;
    embedded[position] = 1;
    normalizeVector(row);
    for (let dimension = 0; dimension < dimensions; dimension++) {
      mean[dimension] = (mean[dimension] as number) + (row[dimension] as number) / skills.length;
    }
  });
  skills.forEach((_, position) => {
    if (embedded[position] === 1) center(rowOf(position), mean);
  });
  return { mean, matrix };
}

/**
 * Embeds each skill's name, description and tags as the frequency-weighted mean of its word
 * vectors, minus the skills' common direction (what every skill shares says nothing about one).
 * `known` is what an earlier call over these exact skills and word vectors gave; it is used
 * instead of embedding every skill again when its sizes fit.
 */
export function createSkillVectors(
  skills: readonly CatalogSkill[],
  vectors: WordVectors,
  known?: EmbeddedSkills,
): SkillVectors {
  const { dimensions } = vectors;
  const fits =
    known !== undefined &&
    known.mean.length === dimensions &&
    known.matrix.length === skills.length * dimensions;
  const embedded = fits ? known : embedSkills(skills, vectors);
  const { mean, matrix } = embedded;

  return {
    embedded,
    similarities(query, positions) {
      const vector = new Float32Array(dimensions);
      if (embedWords(query, vectors, vector) === 0) return undefined;
      normalizeVector(vector);
      center(vector, mean);
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
