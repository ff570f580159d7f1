import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { toStrictJsonSchema } from 'openai/lib/transform';
import type {
  ResponseCreateParamsNonStreaming,
  ResponseFunctionToolCall,
  ResponseInputItem,
} from 'openai/resources/responses/responses';
import { describe, expect, it } from 'vitest';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import type { AvailableTool } from '../tools/create-dispatch-tools.ts';
import { createMemorySkillStore } from '../tools/create-memory-skill-store.ts';
import { createSkillTools } from '../tools/create-skill-tools.ts';
import { SKILL_ENUM_LIMIT } from '../tools/create-use-skill-tool.ts';
import type { SkillTool } from '../tools/skill-tool.ts';
import { isStrictInputSchema } from '../tools/to-strict-input-schema.ts';
import { runOpenAiResponsesToolCall, toOpenAiResponsesTools, toOpenAiTools } from './openai.ts';

const strictTarget: AvailableTool = {
  name: 'web_search',
  inputSchema: {
    type: 'object',
    properties: { q: { type: 'string' }, site: { type: 'string' } },
    required: ['q'],
  },
  execute: (input) => JSON.stringify(input),
};
const openTarget: AvailableTool = {
  name: 'http_call',
  inputSchema: { type: 'object', properties: { headers: { type: 'object' } } },
  execute: () => 'called',
};

/** Every core tool: use_skill, search_skills, read_skill_file, the management tools and two dispatch wrappers. */
async function everyTool(skillCount = 2) {
  const skills = [
    { text: buildSkill({ name: 'lint', body: 'Lint $ARGUMENTS.\n' }) },
    { text: buildSkill({ name: 'search-web', fields: { 'tool-dispatch': 'web_search' } }) },
    { text: buildSkill({ name: 'fetch-url', fields: { 'tool-dispatch': 'http_call' } }) },
    ...Array.from({ length: skillCount }, (_, index) => ({
      text: buildSkill({ name: `skill-${index}`, description: `Skill number ${index}.` }),
    })),
  ];
  const source = createMemorySource({ scope: 'project', skills });
  return createSkillTools({
    registry: createRegistry({ sources: [source] }),
    policy: createPolicyContext(),
    store: createMemorySkillStore({ source }),
    availableTools: [strictTarget, openTarget],
  });
}

function call(name: string, input: unknown): ResponseFunctionToolCall {
  return {
    type: 'function_call',
    id: 'fc_1',
    call_id: 'call_1',
    name,
    arguments: JSON.stringify(input),
  };
}

describe('toOpenAiResponsesTools', () => {
  it('builds Responses API function tools that client.responses.create accepts', async () => {
    const tools = toOpenAiResponsesTools(await everyTool());
    const request = {
      model: 'gpt-5',
      input: 'Lint the repository.',
      tools,
    } satisfies ResponseCreateParamsNonStreaming;
    // Compiled by `npm run typecheck`, never sent: the request is what the SDK's create takes.
    const send = (client: OpenAI) => client.responses.create(request);
    expect(typeof send).toBe('function');
    expect(tools.find((tool) => tool.name === 'skill_fetch-url')?.parameters).toEqual(
      openTarget.inputSchema,
    );
    expect(tools.map((tool) => [tool.name, tool.strict])).toEqual([
      ['use_skill', true],
      ['search_skills', true],
      ['read_skill_file', true],
      ['create_skill', true],
      ['update_skill', true],
      ['delete_skill', true],
      ['list_skills', true],
      ['read_skill', true],
      ['enable_skill', true],
      ['disable_skill', true],
      ['skill_fetch-url', false],
      ['skill_search-web', true],
    ]);
  });

  it('sends the strict schema of each tool that has one, else the plain schema', async () => {
    const tools = await everyTool();
    const sent = toOpenAiResponsesTools(tools);
    const chat = toOpenAiTools(tools);
    for (const [index, tool] of tools.entries()) {
      const expected = tool.strictInputSchema ?? tool.inputSchema;
      expect(sent[index]?.parameters, tool.name).toBe(expected);
      expect(chat[index]?.function.parameters, tool.name).toBe(expected);
      expect(chat[index]?.function.strict, tool.name).toBe(tool.strictInputSchema !== undefined);
    }
    const useSkill = sent.find((tool) => tool.name === 'use_skill');
    expect(useSkill?.parameters?.required).toEqual(['skill', 'arguments']);
  });

  it("passes every strict tool's schema through the openai SDK's strict check unchanged", async () => {
    const tools = await everyTool();
    for (const tool of [
      ...toOpenAiResponsesTools(tools),
      ...toOpenAiTools(tools).map((each) => ({ ...each.function, strict: each.function.strict })),
    ]) {
      if (tool.strict !== true) continue;
      expect(toStrictJsonSchema(tool.parameters as never), tool.name).toEqual(tool.parameters);
    }
  });

  it('marks strict exactly the schemas the SDK accepts as they are', async () => {
    const open = { type: 'object' as const, properties: { a: { type: 'string' } } };
    const record = {
      type: 'object' as const,
      properties: { files: { type: 'object', additionalProperties: { type: 'string' } } },
      required: ['files'],
      additionalProperties: false,
    };
    const strict = { ...open, required: ['a'], additionalProperties: false };
    expect(isStrictInputSchema(open)).toBe(false);
    expect(() => toStrictJsonSchema(open)).toThrow(/without `.nullable\(\)`/);
    expect(isStrictInputSchema(record)).toBe(false);
    expect(() => toStrictJsonSchema(record)).toThrow(/additionalProperties: false/);
    expect(isStrictInputSchema(strict)).toBe(true);
    expect(toStrictJsonSchema(strict)).toEqual(strict);
  });

  it('keeps use_skill small with many skills: an enum up to the limit, a plain string above it', async () => {
    const few = await everyTool(SKILL_ENUM_LIMIT - 3);
    const fewSchema = few.find((tool) => tool.name === 'use_skill')?.inputSchema;
    expect((fewSchema?.properties?.skill as { enum: string[] }).enum).toHaveLength(
      SKILL_ENUM_LIMIT,
    );
    const many = await everyTool(539);
    const schema = many.find((tool) => tool.name === 'use_skill')?.inputSchema;
    expect(schema?.properties?.skill).toEqual({
      type: 'string',
      minLength: 1,
      description:
        'The name of the skill to use, as listed in the skills catalog (542 skills; search_skills finds more).',
    });
    expect(JSON.stringify(schema).length).toBeLessThan(1024);
  });
});

/** Every field of update_skill's metadata object set to null, as a strict-mode model sends it. */
function metadataNulls(tools: readonly SkillTool[]): Record<string, null> {
  const metadata = tools.find((tool) => tool.name === 'update_skill')?.strictInputSchema?.properties
    ?.metadata as { anyOf: Array<{ properties?: Record<string, unknown> }> };
  const keys = Object.keys(metadata.anyOf[0]?.properties ?? {});
  expect(keys).toContain('remove');
  return Object.fromEntries(keys.map((key) => [key, null]));
}

describe('runOpenAiResponsesToolCall', () => {
  it('answers a function_call with a function_call_output item, null standing for an omitted optional', async () => {
    const tools = await everyTool();
    const { output, result } = await runOpenAiResponsesToolCall(
      tools,
      call('use_skill', { skill: 'LINT', arguments: null }),
    );
    output satisfies ResponseInputItem;
    const next = {
      model: 'gpt-5',
      input: [output],
      previous_response_id: 'resp_1',
    } satisfies ResponseCreateParamsNonStreaming;
    expect(next.input[0]).toMatchObject({ type: 'function_call_output', call_id: 'call_1' });
    expect(result.ok).toBe(true);
    expect(output.output).toContain('Lint .');
    const withArguments = await runOpenAiResponsesToolCall(
      tools,
      call('use_skill', { skill: 'lint', arguments: 'src' }),
    );
    expect(withArguments.output.output).toContain('Lint src.');
  });

  it('runs a strict call of every management tool and a dispatch wrapper', async () => {
    const tools = await everyTool();
    const nulls = (name: string) =>
      Object.fromEntries(
        Object.keys(tools.find((tool) => tool.name === name)?.inputSchema.properties ?? {}).map(
          (key) => [key, null],
        ),
      );
    const run = async (name: string, input: Record<string, unknown>) =>
      (await runOpenAiResponsesToolCall(tools, call(name, { ...nulls(name), ...input }))).result;
    expect(await run('search_skills', { query: 'lint' })).toMatchObject({ ok: true });
    expect(await run('list_skills', {})).toMatchObject({ ok: true });
    expect(
      await run('create_skill', { name: 'greet', description: 'Greet people.', body: 'Hi.\n' }),
    ).toMatchObject({ ok: true });
    expect(
      await run('update_skill', {
        skill: 'greet',
        operation: 'append',
        content: 'Wave.\n',
        metadata: { ...metadataNulls(tools), tags: ['social'] },
      }),
    ).toMatchObject({ ok: true, data: { changed: true } });
    expect(await run('skill_search-web', { q: 'vitest', site: null })).toEqual({
      ok: true,
      text: '{"q":"vitest"}',
      data: '{"q":"vitest"}',
    });
  });

  it('answers malformed JSON and unknown tools with error text', async () => {
    const tools = await everyTool();
    const broken = await runOpenAiResponsesToolCall(tools, {
      ...call('use_skill', {}),
      arguments: '{"skill":',
    });
    expect(broken.output.output).toMatch(/^Error: The arguments of use_skill are not valid JSON/);
    const unknown = await runOpenAiResponsesToolCall(tools, call('rm_rf', {}));
    expect(unknown.result).toMatchObject({ ok: false, error: { code: 'unknown_tool' } });
    expect(unknown.output.call_id).toBe('call_1');
  });
});

/** A local Responses API endpoint: answers each request with the next scripted output, records bodies. */
async function startResponsesEndpoint(outputs: unknown[][]) {
  const requests: Array<Record<string, unknown>> = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    requests.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
    const turn = requests.length;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify({
        id: `resp_${turn}`,
        object: 'response',
        created_at: 0,
        model: 'gpt-test',
        status: 'completed',
        output: outputs[turn - 1] ?? [],
      }),
    );
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    [Symbol.asyncDispose]: async () => {
      server.close();
      await once(server, 'close');
    },
  };
}

describe('a Responses API round trip through the openai client', () => {
  it('sends strict tools, runs the function_call and sends its output back', async () => {
    await using endpoint = await startResponsesEndpoint([
      [
        {
          type: 'function_call',
          id: 'fc_1',
          call_id: 'call_9',
          name: 'use_skill',
          arguments: '{"skill":"lint","arguments":null}',
          status: 'completed',
        },
      ],
      [
        {
          type: 'message',
          id: 'msg_1',
          role: 'assistant',
          status: 'completed',
          content: [{ type: 'output_text', text: 'Linted.', annotations: [] }],
        },
      ],
    ]);
    const client = new OpenAI({ apiKey: 'test', baseURL: endpoint.baseURL, maxRetries: 0 });
    const tools = await everyTool();
    const first = await client.responses.create({
      model: 'gpt-test',
      input: 'Lint the repository.',
      tools: toOpenAiResponsesTools(tools),
    });
    const outputs: ResponseInputItem[] = [];
    for (const item of first.output) {
      if (item.type === 'function_call') {
        outputs.push((await runOpenAiResponsesToolCall(tools, item)).output);
      }
    }
    const second = await client.responses.create({
      model: 'gpt-test',
      previous_response_id: first.id,
      input: outputs,
    });
    expect(second.output_text).toBe('Linted.');
    const sentTools = endpoint.requests[0]?.tools as Array<{ name: string; strict: boolean }>;
    expect(sentTools.find((tool) => tool.name === 'use_skill')).toMatchObject({
      type: 'function',
      strict: true,
      parameters: { required: ['skill', 'arguments'], additionalProperties: false },
    });
    expect(endpoint.requests[1]?.input).toEqual([
      {
        type: 'function_call_output',
        call_id: 'call_9',
        output: expect.stringContaining('Lint .'),
      },
    ]);
  });
});
