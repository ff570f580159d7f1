import type OpenAI from 'openai';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createSkillTools } from '../tools/create-skill-tools.ts';
import { runOpenAiToolCall, toOpenAiTools } from './openai.ts';

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

describe('toOpenAiTools', () => {
  it('builds Chat Completions function tools', async () => {
    const tools = toOpenAiTools(await skillTools());
    expectTypeOf(tools).toMatchTypeOf<OpenAI.Chat.Completions.ChatCompletionTool[]>();
    tools satisfies OpenAI.Chat.Completions.ChatCompletionTool[];
    expect(tools[0]).toEqual({
      type: 'function',
      function: {
        name: 'use_skill',
        description: expect.stringContaining('Use a skill'),
        parameters: {
          type: 'object',
          properties: {
            skill: { type: 'string', enum: ['lint'], description: 'The name of the skill to use.' },
            arguments: expect.objectContaining({ anyOf: [{ type: 'string' }, { type: 'null' }] }),
          },
          required: ['skill', 'arguments'],
          additionalProperties: false,
        },
        strict: true,
      },
    });
  });
});

describe('runOpenAiToolCall', () => {
  const call = (
    name: string,
    args: string,
  ): OpenAI.Chat.Completions.ChatCompletionMessageFunctionToolCall => ({
    id: 'call-1',
    type: 'function',
    function: { name, arguments: args },
  });

  it('answers a tool call with a tool message', async () => {
    const tools = await skillTools();
    const { message, result } = await runOpenAiToolCall(
      tools,
      call('use_skill', '{"skill":"lint"}'),
    );
    message satisfies OpenAI.Chat.Completions.ChatCompletionToolMessageParam;
    expect(result.ok).toBe(true);
    expect(message).toMatchObject({ role: 'tool', tool_call_id: 'call-1' });
    expect(message.content).toContain('Lint it.');
  });

  it('answers malformed JSON and unknown tools with error text', async () => {
    const tools = await skillTools();
    const broken = await runOpenAiToolCall(tools, call('use_skill', '{"skill":'));
    expect(broken.message.content).toMatch(/^Error: The arguments of use_skill are not valid JSON/);
    const unknown = await runOpenAiToolCall(tools, call('rm_rf', '{}'));
    expect(unknown.message.content).toBe(
      'Error: Unknown tool "rm_rf"; available: use_skill, search_skills, read_skill_file.',
    );
  });
});
