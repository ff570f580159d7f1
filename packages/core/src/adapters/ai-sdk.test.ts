import { asSchema, generateText, isStepCount, type ToolSet } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createSkillTools } from '../tools/create-skill-tools.ts';
import type { SkillToolResult } from '../tools/skill-tool.ts';
import { toAiSdkTools } from './ai-sdk.ts';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};

async function lintSkillTools() {
  const source = createMemorySource({
    scope: 'project',
    skills: [{ text: buildSkill({ name: 'lint', body: 'Run the linter on $ARGUMENTS.\n' }) }],
  });
  return createSkillTools({
    registry: createRegistry({ sources: [source] }),
    policy: createPolicyContext(),
  });
}

describe('toAiSdkTools', () => {
  it('builds a ToolSet keyed by tool name with the JSON Schema as input schema', async () => {
    const tools = toAiSdkTools(await lintSkillTools());
    expectTypeOf(tools).toMatchTypeOf<ToolSet>();
    tools satisfies ToolSet;
    expect(Object.keys(tools)).toEqual(['use_skill', 'search_skills', 'read_skill_file']);
    expect(tools.use_skill?.description).toContain('Use a skill');
  });

  it('sends the strict schema with strict: true by default, the plain one without it on request', async () => {
    const skillTools = await lintSkillTools();
    const strict = toAiSdkTools(skillTools);
    const plain = toAiSdkTools(skillTools, { strict: false });
    for (const skillTool of skillTools) {
      expect(strict[skillTool.name]?.strict, skillTool.name).toBe(true);
      expect(await asSchema(strict[skillTool.name]?.inputSchema).jsonSchema).toEqual(
        skillTool.strictInputSchema,
      );
      expect(plain[skillTool.name]).not.toHaveProperty('strict');
      expect(await asSchema(plain[skillTool.name]?.inputSchema).jsonSchema).toEqual(
        skillTool.inputSchema,
      );
    }
  });

  it('runs use_skill in a generateText round trip with a mock model', async () => {
    const tools = toAiSdkTools(await lintSkillTools());
    const prompts: unknown[] = [];
    const sentTools: unknown[] = [];
    let call = 0;
    const model = new MockLanguageModelV4({
      doGenerate: async (options) => {
        prompts.push(options.prompt);
        sentTools.push(options.tools);
        call += 1;
        if (call === 1) {
          return {
            content: [
              {
                type: 'tool-call',
                toolCallId: 'call-1',
                toolName: 'use_skill',
                input: JSON.stringify({ skill: 'lint', arguments: 'src' }),
              },
            ],
            finishReason: { unified: 'tool-calls', raw: undefined },
            usage,
            warnings: [],
          };
        }
        return {
          content: [{ type: 'text', text: 'Linted.' }],
          finishReason: { unified: 'stop', raw: undefined },
          usage,
          warnings: [],
        };
      },
    });
    const result = await generateText({
      model,
      tools,
      prompt: 'Lint src',
      stopWhen: isStepCount(3),
    });
    expect(result.text).toBe('Linted.');
    const toolResult = result.steps[0]?.toolResults[0];
    expect(toolResult?.toolName).toBe('use_skill');
    expect(toolResult?.output).toMatchObject({
      ok: true,
      text: expect.stringContaining('Run the linter on src.'),
    });
    expect(JSON.stringify(prompts[1])).toContain('Run the linter on src.');
    expect(sentTools[0]).toContainEqual(
      expect.objectContaining({
        type: 'function',
        name: 'use_skill',
        strict: true,
        inputSchema: expect.objectContaining({ required: ['skill', 'arguments'] }),
      }),
    );
  });

  it('gives the model an error text for a failed call', async () => {
    const tools = toAiSdkTools(await lintSkillTools());
    const output = (await tools.use_skill?.execute?.({ skill: 'nope' }, {
      toolCallId: 'x',
      messages: [],
    } as never)) as SkillToolResult;
    expect(output).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    const modelOutput = await tools.use_skill?.toModelOutput?.({
      toolCallId: 'x',
      input: {},
      output,
    });
    expect(modelOutput).toEqual({
      type: 'error-text',
      value:
        'Error: Invalid input for use_skill:\n- skill: Unknown skill "nope". search_skills finds skills by topic.',
    });
  });
});
