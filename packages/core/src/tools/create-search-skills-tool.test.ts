import { describe, expect, it } from 'vitest';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createSkillIndex } from '../search/create-skill-index.ts';
import type { SynonymTable } from '../search/synonym-table.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createSkillTools, type SkillToolsOptions } from './create-skill-tools.ts';
import type { SkillTool } from './skill-tool.ts';

const skills = [
  {
    text: buildSkill({
      name: 'deploy-app',
      description: 'Deploy the application to production servers.',
    }),
  },
  { text: buildSkill({ name: 'deploy-secret', description: 'Deploy secret keys to production.' }) },
  { text: buildSkill({ name: 'write-poem', description: 'Write a poem about anything.' }) },
  {
    text: buildSkill({
      name: 'deploy-manual',
      description: 'Deploy by hand to production.',
      fields: { 'disable-model-invocation': true },
    }),
  },
];

async function searchTool(options: Partial<SkillToolsOptions> = {}): Promise<SkillTool> {
  const registry = createRegistry({ sources: [createMemorySource({ scope: 'project', skills })] });
  const tools = await createSkillTools({
    registry,
    policy: createPolicyContext({ rules: [{ skill: 'deploy-secret', action: 'deny' }] }),
    ...options,
  });
  return tools.find((tool) => tool.name === 'search_skills') as SkillTool;
}

describe('search_skills', () => {
  it('ranks only the skills the model may use', async () => {
    const search = await searchTool();
    const result = await search.execute({ query: 'deploy to production' });
    expect(result.ok && result.text).toBe(
      'Skills matching "deploy to production", best first (use one with use_skill):\n1. deploy-app: Deploy the application to production servers.',
    );
  });

  it('finds a skill through the given synonyms only', async () => {
    const synonyms: SynonymTable = new Map([['vers', [{ term: 'poem', weight: 1 }]]]);
    const plain = await (await searchTool()).execute({ query: 'verse' });
    expect(plain.ok && (plain.data as { hits: unknown[] }).hits).toEqual([]);
    const related = await (await searchTool({ ranker: { synonyms } })).execute({ query: 'verse' });
    expect(
      related.ok && (related.data as { hits: { name: string }[] }).hits.map((hit) => hit.name),
    ).toEqual(['write-poem']);
  });

  it('filters a prebuilt index that holds denied skills', async () => {
    const index = createSkillIndex(
      skills.map((skill, position) => ({
        name: ['deploy-app', 'deploy-secret', 'write-poem', 'deploy-manual'][position] as string,
        description: skill.text,
      })),
    );
    const search = await searchTool({ index });
    const result = await search.execute({ query: 'deploy production', limit: 5 });
    expect(
      result.ok && (result.data as { hits: { name: string }[] }).hits.map((hit) => hit.name),
    ).toEqual(['deploy-app']);
  });

  it('says when nothing matches and validates the limit', async () => {
    const search = await searchTool();
    expect(await search.execute({ query: 'quantum chromodynamics' })).toMatchObject({
      ok: true,
      text: 'No skill matches "quantum chromodynamics".',
    });
    const bad = await search.execute({ query: ' ', limit: 0 });
    expect(!bad.ok && bad.error.message).toBe(
      'Invalid input for search_skills:\n- query: must not be empty\n- limit: Too small: expected number to be >=1',
    );
  });
});
