import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { openStore } from '@skillset/store';
import { describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.ts';
import { mcpInitializeRequest } from '../support/mcp-initialize-request.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';

const adminUrl = process.env.DATABASE_URL;

/** A store that goes down and (PostgreSQL only) comes back: PGlite is closed, PostgreSQL is cut off by a TCP proxy. */
interface Outage extends AsyncDisposable {
  server: TestApp;
  down(): Promise<void>;
  up?: () => Promise<void>;
}

const targets: Array<{ name: string; start: () => Promise<Outage> }> = [
  {
    name: 'PGlite',
    async start() {
      const server = await createTestApp();
      let closed = false;
      return {
        server,
        async down() {
          closed = true;
          await server.store.close();
        },
        [Symbol.asyncDispose]: async () => {
          if (!closed) await server[Symbol.asyncDispose]();
        },
      };
    },
  },
  ...(adminUrl === undefined
    ? []
    : [
        {
          name: 'PostgreSQL',
          async start(): Promise<Outage> {
            const database = await createFreshPostgresDatabase(adminUrl);
            const target = new URL(database.url);
            const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
            const viaProxy = new URL(database.url);
            viaProxy.hostname = '127.0.0.1';
            viaProxy.port = String(proxy.port);
            const server = await createTestApp({
              store: await openStore({ databaseUrl: viaProxy.toString(), migrate: true }),
            });
            return {
              server,
              down: () => proxy.cut(),
              up: () => proxy.restore(),
              async [Symbol.asyncDispose]() {
                await server[Symbol.asyncDispose]();
                await proxy.close();
                await database.drop();
              },
            };
          },
        },
      ]),
];

async function expectStoreUnavailable(response: Response, what: string) {
  const body = await response.text();
  expect({ what, status: response.status, body }).toMatchObject({
    status: 503,
    body: expect.stringContaining('"code":"store_unavailable"'),
  });
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe.each(targets)('a database outage ($name)', (target) => {
  it('is answered 503 store_unavailable with Retry-After on the API, sign-in and /mcp, never 500 or 401', async () => {
    await using outage = await target.start();
    const { server } = outage;
    // Tokens nobody used yet: each request must look its token up in the store.
    const member = await server.addUser('member');
    const admin = await server.addUser('admin');
    const agent = await server.addAgent();
    const mcpUser = await server.addUser('member');
    const list = () => server.request('GET', '/api/skills', { token: server.owner.token });
    expect((await list()).status).toBe(200);

    await outage.down();
    const requests: Array<[string, () => Promise<Response>]> = [
      ['GET /api/skills', list],
      [
        'GET /api/me (unused token)',
        () => server.request('GET', '/api/me', { token: member.token }),
      ],
      [
        'POST /api/skills (unused token)',
        () =>
          server.request('POST', '/api/skills', {
            token: admin.token,
            json: { skillMd: '---\nname: down\ndescription: Written while down.\n---\n\nBody.\n' },
          }),
      ],
      [
        'GET /api/skills/prompt (agent)',
        () => server.request('GET', '/api/skills/prompt', { token: agent.token }),
      ],
      [
        'GET /api/agents',
        () => server.request('GET', '/api/agents', { token: server.owner.token }),
      ],
      [
        'POST /api/session (a sign-in code)',
        () => server.request('POST', '/api/session', { json: { code: 'some-code' } }),
      ],
      [
        'POST /mcp initialize (unused token)',
        () =>
          server.request('POST', '/mcp', {
            token: mcpUser.token,
            headers: { accept: 'application/json, text/event-stream' },
            json: mcpInitializeRequest('outage-test'),
          }),
      ],
      ['GET /readyz', () => server.request('GET', '/readyz')],
    ];
    for (const [what, request] of requests) await expectStoreUnavailable(await request(), what);

    const transport = new StreamableHTTPClientTransport(new URL('http://skillset.test/mcp'), {
      fetch: async (url, init) => server.app.request(String(url), init as RequestInit),
      requestInit: { headers: { Authorization: `Bearer ${server.owner.token}` } },
    });
    const client = new Client({ name: 'outage-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toThrow(/503|store_unavailable/);
    await client.close();

    if (outage.up !== undefined) {
      await outage.up();
      expect((await list()).status).toBe(200);
    }
  }, 120_000);
});
