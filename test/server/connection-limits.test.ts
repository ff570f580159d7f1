import { once } from 'node:events';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { type RunningServer, startServer } from '@skillset/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpInitializeRequest } from '../support/mcp-initialize-request.ts';

/**
 * A real `skillset serve` in this process with small limits, so the tests see them bite. Linux
 * accepts any 127.x.y.z as a source address: each stands for one client.
 */
let dataDir: TempDir;
let server: RunningServer;
let token: string;

async function startSmallServer(options: { trustProxy?: boolean } = {}) {
  const folder = await createTempDir();
  const started = await startServer({
    config: {
      host: '127.0.0.1',
      port: 0,
      dataDir: folder.path,
      maxBodyBytes: 1 << 20,
      identity: {},
      ...options,
      connectionLimits: {
        headersTimeoutMs: 1000,
        requestTimeoutMs: 2000,
        maxConnections: 40,
        maxConnectionsPerAddress: 8,
        maxEventStreamsPerPrincipal: 2,
        maxMcpSessionsPerPrincipal: 2,
      },
    },
    logger: pino({ level: 'silent' }),
  });
  return { folder, started };
}

beforeAll(async () => {
  ({ folder: dataDir, started: server } = await startSmallServer());
  token = server.ownerToken as string;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await dataDir?.[Symbol.asyncDispose]();
});

const port = () => Number(new URL(server.url).port);

/** A raw connection to the server from `from`, and a promise of what the server sent when it closed it. */
async function openSocket(
  from = '127.0.0.1',
): Promise<{ socket: Socket; closed: Promise<string> }> {
  const socket = connect({ port: port(), host: '127.0.0.1', localAddress: from });
  let received = '';
  socket.on('data', (chunk: Buffer) => {
    received += chunk.toString('utf8');
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(received));
  });
  socket.on('error', () => {});
  await once(socket, 'connect');
  return { socket, closed };
}

/** A GET from the address `from` on a connection of its own: its status, and the response (a stream stays open). */
function get(options: {
  from: string;
  path: string;
  headers?: Record<string, string>;
  port?: number;
}): Promise<{ status: number; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      {
        host: '127.0.0.1',
        port: options.port ?? port(),
        path: options.path,
        localAddress: options.from,
        agent: false,
        ...(options.headers === undefined ? {} : { headers: options.headers }),
      },
      (response) => resolve({ status: response.statusCode ?? 0, response }),
    );
    request.on('error', reject);
    request.end();
  });
}

/** Tokens of `count` new agents of the owner's workspace (each its own principal). */
async function agentTokens(count: number, of = server): Promise<string[]> {
  const me = (await (
    await fetch(`${of.url}/api/me`, { headers: { authorization: `Bearer ${of.ownerToken}` } })
  ).json()) as { principal: { workspaceId: string } };
  const workspaceId = me.principal.workspaceId;
  const tokens: string[] = [];
  for (let index = 0; index < count; index++) {
    const agent = await of.store.agents.create({ workspaceId, name: `stream-${index}` });
    const created = await of.store.tokens.create({
      name: 'streams',
      principal: { kind: 'agent', agentId: agent.id, workspaceId },
    });
    tokens.push(created.token);
  }
  return tokens;
}

describe('connection limits of skillset serve', () => {
  it('cuts a request whose headers trickle in (1 byte every 200 ms) at the headers timeout', async () => {
    const { socket, closed } = await openSocket();
    const request =
      'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n';
    let index = 0;
    const trickle = setInterval(() => {
      if (index < request.length) socket.write(request[index++] as string);
    }, 200);
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
    expect(index).toBeLessThan(request.length);
  });

  it('cuts a request whose body trickles in at the request timeout', async () => {
    const { socket, closed } = await openSocket();
    socket.write(
      'POST /api/session HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n',
    );
    const trickle = setInterval(() => socket.write('x'), 200);
    try {
      expect(await closed).toMatch(/^HTTP\/1\.1 408 /);
    } finally {
      clearInterval(trickle);
    }
  });

  it('keeps answering another address while one address opens 2,000 idle connections', async () => {
    const attacker: Socket[] = [];
    try {
      for (let wave = 0; wave < 10; wave++) {
        const opened = await Promise.all(
          Array.from({ length: 200 }, () => openSocket('127.0.0.1')),
        );
        attacker.push(...opened.map(({ socket }) => socket));
      }
      expect(await get({ from: '127.0.0.2', path: '/healthz' })).toMatchObject({ status: 200 });
    } finally {
      for (const socket of attacker) socket.destroy();
    }
  });

  it('closes the connection idle longest when all 40 are held, so a new address is answered', async () => {
    // Keep-alive connections of five addresses, each idle after one answer.
    const held = await Promise.all(
      Array.from({ length: 40 }, async (_, index) => {
        const opened = await openSocket(`127.0.0.${10 + (index % 5)}`);
        let answer = '';
        const answered = new Promise<void>((resolve) => {
          opened.socket.on('data', (chunk: Buffer) => {
            answer += chunk.toString('utf8');
            if (answer.includes('{"status":"ok"}')) resolve();
          });
        });
        opened.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\n\r\n`);
        await Promise.race([answered, opened.closed]);
        expect(answer).toContain('{"status":"ok"}');
        return opened;
      }),
    );
    try {
      expect(await get({ from: '127.0.0.20', path: '/healthz' })).toMatchObject({ status: 200 });
    } finally {
      for (const { socket } of held) socket.destroy();
    }
  });

  it('closes a new connection at once when all 8 of its address are busy; another address is answered', async () => {
    // Agents of their own: the owner's stream slots stay free for the other tests.
    const tokens = await agentTokens(4);
    const streams = await Promise.all(
      tokens.flatMap((each) =>
        [0, 1].map(() =>
          get({
            from: '127.0.0.30',
            path: '/api/events',
            headers: { authorization: `Bearer ${each}` },
          }),
        ),
      ),
    );
    try {
      expect(streams.map(({ status }) => status)).toEqual(Array(8).fill(200));
      const ninth = await openSocket('127.0.0.30');
      let answer = '';
      ninth.socket.on('data', (chunk: Buffer) => {
        answer += chunk.toString('utf8');
      });
      ninth.socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port()}\r\n\r\n`);
      await ninth.closed;
      expect(answer).toBe('');
      expect(await get({ from: '127.0.0.31', path: '/healthz' })).toMatchObject({ status: 200 });
    } finally {
      for (const { response } of streams) response.destroy();
    }
  });

  it('gives one principal at most 2 event streams: a third is 429 with Retry-After until one ends', async () => {
    const open = () => {
      const controller = new AbortController();
      const response = fetch(`${server.url}/api/events`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      return { controller, response };
    };
    const first = open();
    const second = open();
    expect((await first.response).status).toBe(200);
    expect((await second.response).status).toBe(200);
    const third = await open().response;
    expect(third.status).toBe(429);
    expect(third.headers.get('retry-after')).toBe('30');
    expect(await third.json()).toMatchObject({ error: { code: 'rate_limited' } });
    first.controller.abort();
    // The server frees the slot once it sees the stream end; a new stream is 200 from then on.
    await expect
      .poll(
        async () => {
          const next = open();
          const { status } = await next.response;
          next.controller.abort();
          return status;
        },
        { timeout: 5000, interval: 100 },
      )
      .toBe(200);
    second.controller.abort();
  });

  it('gives one principal at most 2 busy MCP sessions: a third initialize is 429 with Retry-After until one ends', async () => {
    const headers = (sessionId?: string) => ({
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'mcp-protocol-version': '2025-06-18',
      ...(sessionId === undefined ? {} : { 'mcp-session-id': sessionId }),
    });
    const initialize = async () => {
      const response = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(mcpInitializeRequest('limits-test')),
      });
      await response.text();
      return response;
    };
    const streams: IncomingMessage[] = [];
    const sessions: string[] = [];
    for (let index = 0; index < 2; index++) {
      const sessionId = (await initialize()).headers.get('mcp-session-id') as string;
      sessions.push(sessionId);
      // An open event stream keeps the session busy: it is not replaced.
      const stream = await get({
        from: '127.0.0.40',
        path: '/mcp',
        headers: { ...headers(sessionId), accept: 'text/event-stream' },
      });
      streams.push(stream.response);
      expect(stream.status).toBe(200);
    }
    const refused = await initialize();
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    const ended = await fetch(`${server.url}/mcp`, {
      method: 'DELETE',
      headers: headers(sessions[0]),
    });
    expect(ended.status).toBe(200);
    expect((await initialize()).status).toBe(200);
    for (const stream of streams) stream.destroy();
  });
});

describe('connection limits behind a trusted proxy', () => {
  let proxied: RunningServer;
  let proxiedDir: TempDir;

  beforeAll(async () => {
    ({ folder: proxiedDir, started: proxied } = await startSmallServer({ trustProxy: true }));
  }, 60_000);

  afterAll(async () => {
    await proxied?.close();
    await proxiedDir?.[Symbol.asyncDispose]();
  });

  it('gives one forwarded client at most 8 requests in flight: its ninth is 429, another client is served through the same proxy', async () => {
    const via = (client: string, path: string, headers: Record<string, string> = {}) =>
      get({
        from: '127.0.0.1',
        port: Number(new URL(proxied.url).port),
        path,
        headers: { 'x-forwarded-for': `203.0.113.50, ${client}`, ...headers },
      });
    const tokens = await agentTokens(4, proxied);
    const streams = await Promise.all(
      tokens.flatMap((each) =>
        [0, 1].map(() => via('198.51.100.1', '/api/events', { authorization: `Bearer ${each}` })),
      ),
    );
    try {
      expect(streams.map(({ status }) => status)).toEqual(Array(8).fill(200));
      const ninth = await via('198.51.100.1', '/healthz');
      expect(ninth.status).toBe(429);
      expect(Number(ninth.response.headers['retry-after'])).toBeGreaterThan(0);
      let body = '';
      for await (const chunk of ninth.response) body += String(chunk);
      expect(JSON.parse(body)).toMatchObject({ error: { code: 'rate_limited' } });
      // Ten connections from the proxy's one address: its connections are not capped per address.
      expect((await via('198.51.100.2', '/healthz')).status).toBe(200);
    } finally {
      for (const { response } of streams) response.destroy();
    }
  });
});
