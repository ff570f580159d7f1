import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server/test';
import { ensureInstanceOwner, openStore, type Store } from '@skillset/store';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const endpoint = new URL('http://skillset.test/mcp');
let store: Store;
let runtime: SkillRuntime;
let app: ReturnType<typeof createApp>;
let ownerToken: string;
let agentToken: string;
let workspaceId: string;
const clients: Client[] = [];

function skill(name: string, frontmatter = '', body = `Do the ${name} thing.`) {
  return `---\nname: ${name}\ndescription: Helps with ${name}.\n${frontmatter}---\n\n${body}\n`;
}

async function connect(token?: string) {
  const transport = new StreamableHTTPClientTransport(endpoint, {
    fetch: async (url, init) => app.request(String(url), init as RequestInit),
    ...(token === undefined
      ? {}
      : { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  });
  const client = new Client({ name: 'server-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

beforeAll(async () => {
  store = await openStore({ dataDir: 'memory://', migrate: true });
  const owner = await ensureInstanceOwner(store);
  if (!owner.created) throw new Error('expected a fresh store');
  ownerToken = owner.token;
  workspaceId = owner.workspace.id;
  const logger = pino({ level: 'silent' });
  runtime = createSkillRuntime({ store, logger, usageFlushDelayMs: 10 });
  app = createApp({ store, logger, maxBodyBytes: 1024 * 1024, runtime });
  await store.skills.createMany([
    {
      scope: 'workspace',
      workspaceId,
      skillMd: skill(
        'deploy',
        'arguments:\n  - name: env\n    type: string\n    required: true\n',
        'Deploy to $env.',
      ),
    },
    {
      scope: 'workspace',
      workspaceId,
      skillMd: skill('notes'),
      files: [{ path: 'reference.md', content: '# Reference' }],
    },
    { scope: 'workspace', workspaceId, skillMd: skill('secret') },
  ]);
  const agent = await store.agents.create({ workspaceId, name: 'bot' });
  await store.permissions.create({
    workspaceId,
    agentId: agent.id,
    skill: 'secret',
    action: 'deny',
  });
  agentToken = (
    await store.tokens.create({
      name: 'bot',
      principal: { kind: 'agent', agentId: agent.id, workspaceId },
    })
  ).token;
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  await runtime.close();
  await store.close();
});

describe('/mcp', () => {
  it('lists, calls, gets and reads the workspace’s skills for a user token', async () => {
    const client = await connect(ownerToken);
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['use_skill', 'search_skills', 'read_skill_file']),
    );
    expect(JSON.stringify(tools)).toContain('secret');
    const used = await client.callTool({ name: 'use_skill', arguments: { skill: 'notes' } });
    expect(JSON.stringify(used.content)).toContain('Do the notes thing.');
    const prompt = await client.getPrompt({ name: 'deploy', arguments: { env: 'staging' } });
    expect(JSON.stringify(prompt.messages)).toContain('Deploy to staging.');
    const file = await client.readResource({ uri: 'skill://notes/reference.md' });
    expect(file.contents[0]).toMatchObject({
      uri: 'skill://notes/reference.md',
      text: '# Reference',
    });
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.uri)).toContain('skill://notes/SKILL.md');
  });

  it('answers argument errors with MCP errors and bad tool input with isError results', async () => {
    const client = await connect(ownerToken);
    const missing = client.getPrompt({ name: 'deploy' });
    await expect(missing).rejects.toBeInstanceOf(McpError);
    await expect(client.getPrompt({ name: 'deploy' })).rejects.toThrow(/Usage: \/deploy/);
    const badInput = await client.callTool({ name: 'use_skill', arguments: { skill: 42 } });
    expect(badInput.isError).toBe(true);
    expect(JSON.stringify(badInput.content)).toContain('Invalid input for use_skill');
  });

  it('hides a denied skill from every list of an agent token and refuses it', async () => {
    const client = await connect(agentToken);
    const { tools } = await client.listTools();
    expect(JSON.stringify(tools)).not.toContain('secret');
    expect(JSON.stringify(tools)).toContain('notes');
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).not.toContain('secret');
    expect(prompts.map((prompt) => prompt.name)).toContain('deploy');
    const { resources } = await client.listResources();
    expect(resources.some((resource) => resource.uri.startsWith('skill://secret/'))).toBe(false);
    await expect(client.getPrompt({ name: 'secret' })).rejects.toBeInstanceOf(McpError);
    await expect(client.readResource({ uri: 'skill://secret/SKILL.md' })).rejects.toThrow();
    const call = await client.callTool({ name: 'use_skill', arguments: { skill: 'secret' } });
    expect(call.isError).toBe(true);
    expect(JSON.stringify(call.content)).toContain('Unknown skill \\"secret\\"');
  });

  it('sends list_changed after a skill is created through the store', async () => {
    const client = await connect(ownerToken);
    const received = new Promise<void>((resolve) => {
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    await client.listTools();
    await store.skills.create({ scope: 'workspace', workspaceId, skillMd: skill('fresh') });
    await Promise.race([
      received,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no list_changed')), 2000)),
    ]);
    const { tools } = await client.listTools();
    expect(JSON.stringify(tools)).toContain('fresh');
  });

  it('records use_skill calls as model usage', async () => {
    const client = await connect(agentToken);
    await client.callTool({ name: 'use_skill', arguments: { skill: 'notes' } });
    await runtime.usage.flush();
    const counts = await store.usage.counts({
      workspaceId,
      from: new Date(Date.now() - 60_000),
      to: new Date(Date.now() + 60_000),
      skillName: 'notes',
    });
    expect(counts.find((count) => count.trigger === 'model')?.count).toBeGreaterThanOrEqual(1);
  });

  it('records failed attempts with their codes, and no row for a name that is no skill name', async () => {
    const client = await connect(agentToken);
    const from = new Date();
    await expect(client.getPrompt({ name: 'deploy' })).rejects.toBeInstanceOf(McpError);
    await client.callTool({ name: 'use_skill', arguments: { skill: 'secret' } });
    await client.callTool({ name: 'use_skill', arguments: { skill: 'nothing-here' } });
    await client.callTool({ name: 'use_skill', arguments: { skill: 'Not a skill name!' } });
    await client.callTool({ name: 'use_skill', arguments: { skill: 42 } });
    await runtime.usage.flush();
    const summary = await store.usage.summary({
      workspaceId,
      from,
      to: new Date(Date.now() + 60_000),
    });
    expect(summary.total).toBe(0);
    expect(
      summary.failed.map(({ skillName, outcome, count }) => [skillName, outcome, count]),
    ).toEqual(
      expect.arrayContaining([
        ['deploy', 'missing_argument', 1],
        ['secret', 'permission_denied', 1],
        ['nothing-here', 'unknown_skill', 1],
      ]),
    );
    expect(summary.failures).toBe(3);
  });

  it('refuses a connection without a valid token', async () => {
    await expect(connect()).rejects.toThrow();
    await expect(connect('sks_unknown')).rejects.toThrow();
  });
});

describe('/mcp sessions of one principal beyond the cap', () => {
  const cap = 3;
  let cappedRuntime: SkillRuntime;
  let cappedApp: ReturnType<typeof createApp>;

  beforeAll(() => {
    const logger = pino({ level: 'silent' });
    cappedRuntime = createSkillRuntime({
      store,
      logger,
      connectionLimits: { maxMcpSessionsPerPrincipal: cap, mcpSessionIdleMs: 30 * 60 * 1000 },
    });
    cappedApp = createApp({ store, logger, maxBodyBytes: 1024 * 1024, runtime: cappedRuntime });
  });

  afterAll(() => cappedRuntime.close());

  /**
   * An SDK client whose event stream (GET /mcp) is open when this resolves; `crash` closes it
   * without ending its session (no DELETE), and the server sees its stream drop, as over TCP.
   */
  async function open(token: string) {
    let streamOpened = () => {};
    const opened = new Promise<void>((resolve) => {
      streamOpened = resolve;
    });
    const dropped: Array<Promise<void>> = [];
    const transport = new StreamableHTTPClientTransport(endpoint, {
      fetch: async (url, init) => {
        const response = await cappedApp.request(String(url), init as RequestInit);
        if (init?.method !== 'GET' || response.body === null) return response;
        const reader = response.body.getReader();
        init.signal?.addEventListener('abort', () => dropped.push(reader.cancel()), { once: true });
        streamOpened();
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const { done, value } = await reader.read();
            if (done) controller.close();
            else controller.enqueue(value);
          },
        });
        return new Response(body, response);
      },
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    });
    const client = new Client({ name: 'cap-test', version: '1.0.0' });
    await client.connect(transport);
    await opened;
    return {
      client,
      sessionId: transport.sessionId as string,
      async crash() {
        await client.close();
        await Promise.all(dropped);
      },
    };
  }

  /** A ping in the session `sessionId`, without the SDK: its status and body. */
  async function ping(sessionId: string) {
    const response = await cappedApp.request('http://skillset.test/mcp', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${ownerToken}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
    });
    return { status: response.status, body: await response.text() };
  }

  it('replace the least recently used idle session; busy ones are kept; 429 only when all are busy', async () => {
    const busy = await open(ownerToken);
    const crashedFirst = await open(ownerToken);
    await crashedFirst.crash();
    const crashedSecond = await open(ownerToken);
    await crashedSecond.crash();

    const next = await open(ownerToken);
    expect((await next.client.listTools()).tools.length).toBeGreaterThan(0);
    expect(await ping(crashedFirst.sessionId)).toMatchObject({
      status: 404,
      body: expect.stringContaining('Session not found'),
    });
    expect((await ping(crashedSecond.sessionId)).status).toBe(200);
    expect((await busy.client.listTools()).tools.length).toBeGreaterThan(0);

    const last = await open(ownerToken);
    expect((await ping(crashedSecond.sessionId)).status).toBe(404);
    await expect(open(ownerToken)).rejects.toThrow(/429|Too many MCP sessions/);
    for (const each of [busy, next, last]) {
      expect((await each.client.listTools()).tools.length).toBeGreaterThan(0);
      await each.client.close();
    }
  });
});
