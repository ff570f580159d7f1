import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type MemorySkillInput,
} from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { createSkillsMcpServer } from './create-skills-mcp-server.ts';

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
  const server = createSkillsMcpServer({
    registry,
    policy: createPolicyContext({ rules: [{ skill: 'dangerous', action: 'deny' }] }),
  });
  const client = new Client({ name: 'completion-test', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  return {
    client,
    async [Symbol.asyncDispose]() {
      await client.close();
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

  it('completes the skill:// template: names, then the files of the named skill', async () => {
    await using session = await connect();
    const ref = { type: 'ref/resource', uri: 'skill://{name}/{+path}' } as const;
    const names = await session.client.complete({ ref, argument: { name: 'name', value: 'da' } });
    expect(names.completion.values).toEqual([]);
    const files = await session.client.complete({
      ref,
      argument: { name: 'path', value: 's' },
      context: { arguments: { name: 'deploy' } },
    });
    expect(files.completion.values).toEqual(['SKILL.md', 'scripts/run.sh']);
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
