import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type MemorySkillSource,
  type SkillRegistry,
} from '@skillset/core';
import { buildSkill } from '@skillset/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSkillsMcpHttpHandler,
  type SkillsMcpHttpHandler,
  type SkillsMcpPrincipal,
} from './create-skills-mcp-http-handler.ts';

const endpoint = new URL('http://skillset.test/mcp');

const principals: Record<string, SkillsMcpPrincipal> = {
  'owner-token': { id: 'user:owner', policy: createPolicyContext() },
  'agent-token': {
    id: 'agent:bot',
    policy: createPolicyContext({
      principal: { kind: 'agent', id: 'bot' },
      rules: [{ principal: 'bot', skill: 'secret', action: 'deny' }],
    }),
  },
};

let open: { handler: SkillsMcpHttpHandler; registry: SkillRegistry; clients: Client[] } | undefined;

afterEach(async () => {
  if (open === undefined) return;
  for (const client of open.clients) await client.close();
  await open.handler.close();
  await open.registry.close();
  open = undefined;
});

function setUp(): { handler: SkillsMcpHttpHandler; source: MemorySkillSource } {
  const source = createMemorySource({
    scope: 'workspace',
    skills: [
      { text: buildSkill({ name: 'lint', body: 'Lint $ARGUMENTS.\n' }), files: { 'a.txt': 'A' } },
      { text: buildSkill({ name: 'secret' }), files: { 'key.txt': 'k' } },
    ],
  });
  const registry = createRegistry({ sources: [source] });
  const handler = createSkillsMcpHttpHandler({
    registry,
    listChangedDelayMs: 10,
    authenticate: (request) => {
      const token = request.headers.get('authorization')?.replace(/^Bearer /, '');
      return token === undefined ? undefined : principals[token];
    },
  });
  open = { handler, registry, clients: [] };
  return { handler, source };
}

async function connect(handler: SkillsMcpHttpHandler, token?: string) {
  const transport = new StreamableHTTPClientTransport(endpoint, {
    fetch: (url, init) => handler.handle(new Request(url, init)),
    ...(token === undefined
      ? {}
      : { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  });
  const client = new Client({ name: 'http-test', version: '1.0.0' });
  await client.connect(transport);
  open?.clients.push(client);
  return { client, transport };
}

describe('createSkillsMcpHttpHandler', () => {
  it('serves tools, prompts and resources over Streamable HTTP', async () => {
    const { handler } = setUp();
    const { client } = await connect(handler, 'owner-token');
    expect(handler.sessionCount).toBe(1);
    const used = await client.callTool({
      name: 'use_skill',
      arguments: { skill: 'lint', arguments: 'src' },
    });
    expect(JSON.stringify(used.content)).toContain('Lint src.');
    const prompt = await client.getPrompt({ name: 'secret' });
    expect(prompt.messages).toHaveLength(1);
    const file = await client.readResource({ uri: 'skill://lint/a.txt' });
    expect(file.contents).toEqual([
      { uri: 'skill://lint/a.txt', mimeType: 'text/plain', text: 'A' },
    ]);
  });

  it("applies the agent token's policy: a denied skill is absent everywhere", async () => {
    const { handler } = setUp();
    const { client } = await connect(handler, 'agent-token');
    const { tools } = await client.listTools();
    expect(JSON.stringify(tools)).not.toContain('secret');
    expect((await client.listPrompts()).prompts.map((prompt) => prompt.name)).toEqual(['lint']);
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toEqual([
      'skill://lint/SKILL.md',
      'skill://lint/a.txt',
    ]);
    await expect(client.getPrompt({ name: 'secret' })).rejects.toBeInstanceOf(McpError);
    await expect(client.readResource({ uri: 'skill://secret/key.txt' })).rejects.toThrow(
      /Resource not found/,
    );
  });

  it('refuses a request without a token, and a session used with another token', async () => {
    const { handler } = setUp();
    await expect(connect(handler)).rejects.toThrow();
    expect(handler.sessionCount).toBe(0);
    const { transport } = await connect(handler, 'owner-token');
    const hijack = await handler.handle(
      new Request(endpoint, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer agent-token',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': transport.sessionId ?? '',
          'Mcp-Protocol-Version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'prompts/list' }),
      }),
    );
    expect(hijack.status).toBe(403);
    const unknown = await handler.handle(
      new Request(endpoint, {
        method: 'POST',
        headers: { Authorization: 'Bearer owner-token', 'Mcp-Session-Id': 'nope' },
        body: '{}',
      }),
    );
    expect(unknown.status).toBe(404);
  });

  it('sends list_changed on the session stream when the registry changes', async () => {
    const { handler, source } = setUp();
    const { client } = await connect(handler, 'owner-token');
    const received = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    // Let the client open its GET stream before the change.
    await client.listTools();
    source.add({ text: buildSkill({ name: 'deploy' }) });
    await Promise.race([
      received,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no list_changed')), 5000)),
    ]);
    const { tools } = await client.listTools();
    expect(JSON.stringify(tools[0]?.inputSchema)).toContain('deploy');
  });
});
