import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type MemorySkillInput,
} from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { connectTestClient } from './connect-test-client.test-util.ts';

const skills: MemorySkillInput[] = [
  {
    text: buildSkill({
      name: 'deploy',
      fields: {
        arguments: [
          { name: 'env', enum: ['staging', 'production', 'preview'] },
          { name: 'dry-run', type: 'boolean' },
        ],
      },
    }),
    files: { 'checklist.md': '# Checklist\n', 'scripts/run.sh': 'echo run\n' },
  },
  {
    text: buildSkill({ name: 'explain', fields: { arguments: [{ name: 'skill' }] } }),
  },
  { text: buildSkill({ name: 'docs' }) },
  { text: buildSkill({ name: 'dangerous' }) },
];

async function connect() {
  const registry = createRegistry({ sources: [createMemorySource({ scope: 'project', skills })] });
  const { client, close } = await connectTestClient({
    era: 'modern',
    registry,
    policy: createPolicyContext({ rules: [{ skill: 'dangerous', action: 'deny' }] }),
  });
  return {
    client,
    async [Symbol.asyncDispose]() {
      await close();
      await registry.close();
    },
  };
}

describe('completion/complete', () => {
  it('completes a declared argument to its enum values by prefix', async () => {
    await using session = await connect();
    const prompt = { type: 'ref/prompt', name: 'deploy' } as const;
    const env = await session.client.complete({
      ref: prompt,
      argument: { name: 'env', value: 'pr' },
    });
    expect(env.completion).toEqual({ values: ['production', 'preview'], total: 2, hasMore: false });
    const flag = await session.client.complete({
      ref: prompt,
      argument: { name: 'dry-run', value: '' },
    });
    expect(flag.completion.values).toEqual(['true', 'false']);
  });

  it('completes an argument naming a skill to the allowed skill names only', async () => {
    await using session = await connect();
    const result = await session.client.complete({
      ref: { type: 'ref/prompt', name: 'explain' },
      argument: { name: 'skill', value: 'd' },
    });
    expect(result.completion.values).toEqual(['deploy', 'docs']);
  });

  it("completes the skill:// template: each skill's SKILL.md, then the files of the skill typed", async () => {
    await using session = await connect();
    const ref = { type: 'ref/resource', uri: 'skill://{+path}' } as const;
    const skillFiles = await session.client.complete({
      ref,
      argument: { name: 'path', value: 'd' },
    });
    // `dangerous` is denied: never suggested.
    expect(skillFiles.completion.values).toEqual(['deploy/SKILL.md', 'docs/SKILL.md']);
    const files = await session.client.complete({
      ref,
      argument: { name: 'path', value: 'deploy/s' },
    });
    expect(files.completion.values).toEqual(['deploy/SKILL.md', 'deploy/scripts/run.sh']);
  });

  it('completes nothing for an unknown or denied prompt', async () => {
    await using session = await connect();
    const result = await session.client.complete({
      ref: { type: 'ref/prompt', name: 'dangerous' },
      argument: { name: 'arguments', value: '' },
    });
    expect(result.completion.values).toEqual([]);
  });
});
