import { Client, ProtocolError, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import {
  createMemorySource,
  createPolicyContext,
  createRegistry,
  type SkillRegistry,
} from '@skillset/core';
import { buildSkill, type MemorySkillSource } from '@skillset/core/test';
import { afterEach, describe, expect, it } from 'vitest';
import { ERAS, type Era } from './connect-test-client.test-util.ts';
import {
  createSkillsMcpHttpHandler,
  type SkillsMcpHttpHandler,
  type SkillsMcpHttpHandlerOptions,
  type SkillsMcpPrincipal,
  SSE_RETRY_MS,
} from './create-skills-mcp-http-handler.ts';
import { MODERN_PROTOCOL_VERSION } from './protocol-versions.ts';

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

function setUp(
  options: Pick<SkillsMcpHttpHandlerOptions, 'onSkillUse' | 'maxSessionsPerPrincipal'> = {},
): {
  handler: SkillsMcpHttpHandler;
  source: MemorySkillSource;
} {
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
    ...options,
  });
  open = { handler, registry, clients: [] };
  return { handler, source };
}

async function connectIn(era: Era, handler: SkillsMcpHttpHandler, token?: string) {
  const transport = new StreamableHTTPClientTransport(endpoint, {
    fetch: (url, init) => handler.handle(new Request(url, init)),
    ...(token === undefined
      ? {}
      : { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  });
  const client = new Client(
    { name: 'http-test', version: '1.0.0' },
    era === 'modern' ? { versionNegotiation: { mode: { pin: MODERN_PROTOCOL_VERSION } } } : {},
  );
  await client.connect(transport);
  expect(client.getProtocolEra()).toBe(era);
  open?.clients.push(client);
  return { client, transport };
}

describe.each(ERAS)('createSkillsMcpHttpHandler, %s era', (era) => {
  const connect = (handler: SkillsMcpHttpHandler, token?: string) => connectIn(era, handler, token);

  it('serves tools, prompts and resources over Streamable HTTP', async () => {
    const { handler } = setUp();
    const { client } = await connect(handler, 'owner-token');
    // 2025-era clients hold a session; 2026-07-28 requests are served each on its own.
    expect(handler.sessionCount).toBe(era === 'legacy' ? 1 : 0);
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
    expect(resources.map((resource) => resource.uri)).toEqual(['skill://lint/SKILL.md']);
    await expect(client.getPrompt({ name: 'secret' })).rejects.toBeInstanceOf(ProtocolError);
    await expect(client.readResource({ uri: 'skill://secret/key.txt' })).rejects.toThrow(
      /not found/i,
    );
  });

  it('reports each use_skill call and prompt with its outcome and the principal', async () => {
    const uses: string[] = [];
    const { handler } = setUp({
      onSkillUse: (use, principal) =>
        uses.push(`${principal.id} ${use.entryPoint} ${use.skill} ${use.outcome}`),
    });
    const { client } = await connect(handler, 'agent-token');
    await client.callTool({ name: 'use_skill', arguments: { skill: 'lint', arguments: 'src' } });
    await client.callTool({ name: 'use_skill', arguments: { skill: 'secret' } });
    await client.callTool({ name: 'use_skill', arguments: { skill: 7 } });
    await client.getPrompt({ name: 'lint' });
    await expect(client.getPrompt({ name: 'secret' })).rejects.toBeInstanceOf(ProtocolError);
    expect(uses).toEqual([
      'agent:bot mcp_tool lint ok',
      'agent:bot mcp_tool secret invalid_input',
      'agent:bot mcp_prompt lint ok',
      'agent:bot mcp_prompt secret unknown_skill',
    ]);
  });

  it.runIf(era === 'legacy')(
    'refuses a request without a token, and a session used with another token',
    async () => {
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
    },
  );

  it('sends list_changed (session stream, or subscription stream) when the registry changes', async () => {
    const { handler, source } = setUp();
    const { client } = await connect(handler, 'owner-token');
    const received = new Promise<void>((resolve) => {
      client.setNotificationHandler('notifications/tools/list_changed', () => resolve());
    });
    if (era === 'modern') await client.listen({ toolsListChanged: true });
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

describe('createSkillsMcpHttpHandler, both eras on one endpoint', () => {
  it('refuses a 2026-07-28 request without a token', async () => {
    const { handler } = setUp();
    await expect(connectIn('modern', handler)).rejects.toThrow();
  });

  it('primes a 2025-11-25 SSE stream with an event id and a retry interval', async () => {
    const { handler } = setUp();
    const response = await handler.handle(
      new Request(endpoint, {
        method: 'POST',
        headers: {
          Authorization: 'Bearer owner-token',
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'raw', version: '1' },
          },
        }),
      }),
    );
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const text = await response.text();
    expect(text).toMatch(new RegExp(`^id: \\S+\nretry: ${SSE_RETRY_MS}\ndata: \n\n`));
    expect(text).toContain('"protocolVersion":"2025-11-25"');
    expect(text).toContain('"logging":{}');
  });
});

describe('createSkillsMcpHttpHandler, sessions of one principal', () => {
  it('opens no more than the cap when initializes arrive in parallel', async () => {
    const { handler } = setUp({ maxSessionsPerPrincipal: 2 });
    const initialize = () =>
      handler.handle(
        new Request(endpoint, {
          method: 'POST',
          headers: {
            authorization: 'Bearer owner-token',
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: 1,
            method: 'initialize',
            params: {
              protocolVersion: '2025-06-18',
              capabilities: {},
              clientInfo: { name: 'parallel', version: '1' },
            },
          }),
        }),
      );
    const answers = await Promise.all(Array.from({ length: 10 }, initialize));
    await Promise.all(answers.map((answer) => answer.body?.cancel()));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(2);
    expect(handler.sessionCount).toBeLessThanOrEqual(2);
  });
});
