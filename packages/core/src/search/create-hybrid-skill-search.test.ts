import { describe, expect, it } from 'vitest';
import type { CatalogSkill } from '../catalog/catalog-skill.ts';
import { createHybridSkillSearch } from './create-hybrid-skill-search.ts';
import type { EmbeddingFunction } from './embedding-function.ts';

// A deterministic fake model: hashed bag of words, where a few words share a "meaning" dimension.
const concepts: Record<string, string> = { automobile: 'car', vehicle: 'car', car: 'car' };
function createFakeEmbedding(): { embed: EmbeddingFunction; embedded: string[] } {
  const embedded: string[] = [];
  const embed: EmbeddingFunction = async (texts) => {
    embedded.push(...texts);
    return texts.map((text) => {
      const vector = new Array<number>(1024).fill(0);
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
        const key = concepts[word] ?? word;
        let hash = 0;
        for (const character of key) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
        vector[hash % 1024] = (vector[hash % 1024] ?? 0) + 1;
      }
      return vector;
    });
  };
  return { embed, embedded };
}

const skills: CatalogSkill[] = [
  { name: 'car-rental', description: 'Book a car for a trip.' },
  { name: 'weather', description: 'Forecast rain and sun.' },
  { name: 'vehicle-insurance-quote', description: 'Insurance quote for a vehicle or automobile.' },
];

describe('createHybridSkillSearch', () => {
  it('ranks a skill found only by meaning next to the lexical match', async () => {
    const { embed } = createFakeEmbedding();
    const hybrid = createHybridSkillSearch({ skills, embed });
    const hits = await hybrid.search('automobile', { limit: 3 });
    expect(hits.map((hit) => hit.name)).toEqual(['vehicle-insurance-quote', 'car-rental']);
    expect(hits[0]?.description).toBe('Insurance quote for a vehicle or automobile.');
  });

  it('lets the semantic weight decide between the two rankings', async () => {
    const { embed } = createFakeEmbedding();
    const query = 'car';
    const lexical = await createHybridSkillSearch({ skills, embed, semanticWeight: 0 }).search(
      query,
    );
    const semantic = await createHybridSkillSearch({ skills, embed, lexicalWeight: 0 }).search(
      query,
    );
    expect(lexical.map((hit) => hit.name)).toEqual(['car-rental']);
    expect(semantic.map((hit) => hit.name)).toContain('vehicle-insurance-quote');
  });

  it('embeds each skill once and re-embeds only changed skills through a shared cache', async () => {
    const { embed, embedded } = createFakeEmbedding();
    const cache = new Map<string, readonly number[]>();
    const first = createHybridSkillSearch({ skills, embed, cache });
    await first.search('rain');
    await first.search('sun');
    expect(embedded.filter((text) => text.startsWith('weather'))).toHaveLength(1);
    expect(cache.size).toBe(3);

    const changed = skills.map((skill) =>
      skill.name === 'weather' ? { ...skill, description: 'Forecast snow.' } : skill,
    );
    embedded.length = 0;
    await createHybridSkillSearch({ skills: changed, embed, cache }).prepare();
    expect(embedded).toEqual(['weather\n\nForecast snow.']);
    expect(cache.size).toBe(4);
  });

  it('lets a failed embedding be retried', async () => {
    let calls = 0;
    const embed: EmbeddingFunction = async (texts) => {
      calls++;
      if (calls === 1) throw new Error('model offline');
      return texts.map(() => [1, 0]);
    };
    const hybrid = createHybridSkillSearch({ skills, embed });
    await expect(hybrid.prepare()).rejects.toThrow('model offline');
    await expect(hybrid.prepare()).resolves.toBeUndefined();
  });
});
