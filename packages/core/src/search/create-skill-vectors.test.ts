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

  it('embeds lazily from a known mean and gives exactly the same similarities', () => {
    const eager = createSkillVectors(skills, tinyVectors);
    for (const query of ['my automobile', 'fruit report', 'truck']) {
      const lazy = createSkillVectors(skills, tinyVectors, { mean: eager.mean });
      expect(lazy.similarities(query, [2, 0])).toEqual(eager.similarities(query, [2, 0]));
      expect(lazy.similarities(query)).toEqual(eager.similarities(query));
    }
  });

  it('embeds every skill again when the known mean has other dimensions', () => {
    const eager = createSkillVectors(skills, tinyVectors);
    const stale = createSkillVectors(skills, tinyVectors, { mean: new Float32Array(5) });
    expect(stale.mean).toEqual(eager.mean);
    expect(stale.similarities('automobile')).toEqual(eager.similarities('automobile'));
  });
});
