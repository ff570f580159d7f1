import { describe, expect, it } from 'vitest';
import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createSkillVectors } from './create-skill-vectors.ts';
import { formatWordVectorFile, parseWordVectorFile } from './word-vector-file.ts';

// Dimension 0 ≈ vehicles, 1 ≈ fruit, 2 ≈ documents.
const tinyVectors = parseWordVectorFile(
  formatWordVectorFile(
    [
      ['car', [1, 0, 0]],
      ['automobile', [0.9, 0.1, 0]],
      ['truck', [0.8, 0, 0.2]],
      ['banana', [0, 1, 0]],
      ['fruit', [0.1, 0.9, 0]],
      ['report', [0, 0, 1]],
    ],
    3,
  ),
);

const skills: CatalogSkill[] = [
  { name: 'truck-fleet', description: 'Track a truck fleet.' },
  { name: 'banana-ripeness', description: 'Judge fruit ripeness.' },
  { name: 'weekly-report', description: 'Write the weekly report.' },
  { name: 'unknown-words', description: 'Zxq qqv.' },
];

describe('createSkillVectors', () => {
  it('ranks the skill closest in meaning first, without a shared word', () => {
    const similarities = createSkillVectors(skills, tinyVectors).similarities('my automobile');
    expect(similarities).toBeDefined();
    const order = [...(similarities ?? [])]
      .map((similarity, position) => ({ name: skills[position]?.name, similarity }))
      .sort((left, right) => right.similarity - left.similarity)
      .map((entry) => entry.name);
    expect(order[0]).toBe('truck-fleet');
    expect(order.indexOf('truck-fleet')).toBeLessThan(order.indexOf('banana-ripeness'));
  });

  it('gives a skill without known words similarity 0', () => {
    const similarities = createSkillVectors(skills, tinyVectors).similarities('fruit');
    expect(similarities?.[3]).toBe(0);
    expect(similarities?.[1]).toBeGreaterThan(0.5);
  });

  it('scores only the given positions', () => {
    const similarities = createSkillVectors(skills, tinyVectors).similarities('automobile', [1]);
    expect(similarities?.[0]).toBe(0);
    expect(similarities?.[1]).not.toBe(0);
  });

  it('returns undefined when no query word has a vector', () => {
    expect(createSkillVectors(skills, tinyVectors).similarities('the zxq')).toBeUndefined();
  });

  it('gives exactly the same similarities from the embedding an earlier call gave', () => {
    const eager = createSkillVectors(skills, tinyVectors);
    const copy = {
      mean: Float32Array.from(eager.embedded.mean),
      matrix: Float32Array.from(eager.embedded.matrix),
    };
    for (const query of ['my automobile', 'fruit report', 'truck']) {
      const known = createSkillVectors(skills, tinyVectors, copy);
      expect(known.similarities(query, [2, 0])).toEqual(eager.similarities(query, [2, 0]));
      expect(known.similarities(query)).toEqual(eager.similarities(query));
    }
    // What is given is used as it is, not computed again.
    const zeros = { mean: copy.mean, matrix: new Float32Array(copy.matrix.length) };
    expect([
      ...(createSkillVectors(skills, tinyVectors, zeros).similarities('truck') ?? []),
    ]).toEqual([0, 0, 0, 0]);
  });

  it('embeds every skill again when the known embedding has other sizes', () => {
    const eager = createSkillVectors(skills, tinyVectors);
    const fewer = createSkillVectors(skills.slice(0, 3), tinyVectors).embedded;
    const stale = createSkillVectors(skills, tinyVectors, fewer);
    expect(stale.embedded).toEqual(eager.embedded);
    expect(stale.similarities('automobile')).toEqual(eager.similarities('automobile'));
  });
});
