import type Anthropic from '@anthropic-ai/sdk';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createSkillTools } from '../tools/create-skill-tools.ts';
import { runAnthropicToolUse, toAnthropicTools } from './anthropic.ts';

async function skillTools() {
  const source = createMemorySource({
    scope: 'project',
    skills: [{ text: buildSkill({ name: 'lint', body: 'Lint it.\n' }) }],
  });
  return createSkillTools({
    registry: createRegistry({ sources: [source] }),
    policy: createPolicyContext(),
  });
}

describe('toAnthropicTools', () => {
  it('builds Messages API tools with the plain input_schema and without strict', async () => {
    const tools = toAnthropicTools(await skillTools());
    expectTypeOf(tools).toMatchTypeOf<Anthropic.Messages.ToolUnion[]>();
    tools satisfies Anthropic.Messages.Tool[];
    expect(tools.map((tool) => tool.name)).toEqual([
      'use_skill',
      'search_skills',
      'read_skill_file',
    ]);
    expect(tools[0]).toEqual({
      name: 'use_skill',
      description: expect.stringContaining('Use a skill'),
      input_schema: {
        type: 'object',
        properties: {
          skill: { type: 'string', enum: ['lint'], description: 'The name of the skill to use.' },
          arguments: expect.objectContaining({ type: 'string' }),
        },
        required: ['skill'],
        additionalProperties: false,
      },
    });
    expect(tools.some((tool) => 'strict' in tool)).toBe(false);
    expect(tools[2]?.input_schema).toEqual({
      type: 'object',
      properties: {
        skill: { type: 'string', minLength: 1, description: 'The skill whose file to read.' },
        path: expect.objectContaining({ type: 'string' }),
      },
      required: ['skill', 'path'],
      additionalProperties: false,
    });
  });
});

describe('runAnthropicToolUse', () => {
  it('turns a tool_use block into a tool_result block', async () => {
    const tools = await skillTools();
    const { block } = await runAnthropicToolUse(tools, {
      id: 'toolu_1',
      name: 'use_skill',
      input: { skill: 'lint' },
    });
    block satisfies Anthropic.Messages.ToolResultBlockParam;
    expect(block).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_1' });
    expect(block.content).toContain('Lint it.');
    expect(block.is_error).toBeUndefined();
  });

  it('marks a failure with is_error', async () => {
    const tools = await skillTools();
    const { block } = await runAnthropicToolUse(tools, {
      id: 'toolu_2',
      name: 'read_skill_file',
      input: { skill: 'lint', path: '../x' },
    });
    expect(block).toEqual({
      type: 'tool_result',
      tool_use_id: 'toolu_2',
      content: 'Error: Invalid skill file path "../x": ".." segments are not allowed.',
      is_error: true,
    });
  });
});
