import { type AgentEvent, createAgent, resolveModel } from '@skillset/agent';
import { createMemorySource, createPolicyContext, createRegistry } from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type OpenAiCompatibleServer,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';

let endpoint: OpenAiCompatibleServer | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

function agentOn(baseUrl: string) {
  const source = createMemorySource({
    scope: 'project',
    skills: [
      {
        text: buildSkill({
          name: 'haiku',
          description: 'Write a haiku about a topic.',
          body: 'Write a haiku about $ARGUMENTS. Use 5-7-5 syllables.\n',
        }),
      },
    ],
  });
  return createAgent({
    model: resolveModel('openai-compatible:test-model', { OPENAI_BASE_URL: baseUrl }),
    registry: createRegistry({ sources: [source] }),
    policy: createPolicyContext(),
  });
}

describe('the agent over a real OpenAI-compatible HTTP endpoint', () => {
  it('streams a tool call, runs use_skill and sends the body back to the endpoint', async () => {
    endpoint = await startOpenAiCompatibleServer([
      { toolCalls: [{ name: 'use_skill', arguments: { skill: 'haiku', arguments: 'autumn' } }] },
      { text: 'Leaves fall, quiet light.' },
    ]);
    const events: AgentEvent[] = [];
    for await (const event of agentOn(endpoint.baseUrl).send('A haiku about autumn, please')) {
      events.push(event);
    }
    expect(events.at(-1)).toEqual({ type: 'finish', text: 'Leaves fall, quiet light.' });
    expect(endpoint.requests).toHaveLength(2);
    expect(endpoint.requests[0]?.stream).toBe(true);
    expect(endpoint.requests[0]?.tools?.map((tool) => tool.function.name)).toContain('use_skill');
    expect(JSON.stringify(endpoint.requests[0]?.messages[0])).toContain('## Skills');
    expect(JSON.stringify(endpoint.requests[1]?.messages)).toContain(
      'Write a haiku about autumn. Use 5-7-5 syllables.',
    );
  });

  it('turns an unreachable endpoint into one line saying what failed', async () => {
    endpoint = await startOpenAiCompatibleServer([]);
    const { baseUrl } = endpoint;
    await endpoint.close();
    endpoint = undefined;
    const events: AgentEvent[] = [];
    for await (const event of agentOn(baseUrl).send('hello')) events.push(event);
    expect(events).toEqual([
      {
        type: 'error',
        message: expect.stringMatching(
          /^The model endpoint http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions could not be reached \(ECONNREFUSED\)/,
        ),
      },
    ]);
  });
});
