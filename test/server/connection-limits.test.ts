import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { type RunningServer, startServer } from '@skillset/server';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpInitializeRequest } from '../support/mcp-initialize-request.ts';

/** A real `skillset serve` in this process with small limits, so the tests see them bite. */
let dataDir: TempDir;
let server: RunningServer;
let token: string;

beforeAll(async () => {
  dataDir = await createTempDir();
  server = await startServer({
    config: {
      host: '127.0.0.1',
      port: 0,
      dataDir: dataDir.path,
      maxBodyBytes: 1 << 20,
      identity: {},
      connectionLimits: {
        headersTimeoutMs: 1000,
        requestTimeoutMs: 2000,
        maxConnections: 40,
        maxEventStreamsPerPrincipal: 2,
        maxMcpSessionsPerPrincipal: 2,
      },
    },
    logger: pino({ level: 'silent' }),
  });
  token = server.ownerToken as string;
}, 60_000);

afterAll(async () => {
  await server?.close();
  await dataDir?.[Symbol.asyncDispose]();
});

const port = () => Number(new URL(server.url).port);

/** A raw connection to the server, and a promise of when the server closes it. */
async function openSocket(): Promise<{ socket: Socket; closed: Promise<number> }> {
  const started = Date.now();
  const socket = connect(port(), '127.0.0.1');
  const closed = new Promise<number>((resolve) => {
    socket.on('close', () => resolve(Date.now() - started));
  });
  socket.on('error', () => {});
  await once(socket, 'connect');
  return { socket, closed };
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
      expect(await closed).toBeLessThan(6000);
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
      expect(await closed).toBeLessThan(7000);
    } finally {
      clearInterval(trickle);
    }
  });

  it('holds at most maxConnections; one more is closed at once, and the server answers again after', async () => {
    const held = await Promise.all(Array.from({ length: 40 }, () => openSocket()));
    const extra = await openSocket().catch(() => undefined);
    if (extra !== undefined) expect(await extra.closed).toBeLessThan(1000);
    for (const { socket } of held) socket.destroy();
    await Promise.all(held.map(({ closed }) => closed));
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
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
    let again: Response | undefined;
    for (let attempt = 0; attempt < 50; attempt++) {
      const next = open();
      again = await next.response;
      if (again.status === 200) {
        next.controller.abort();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(again?.status).toBe(200);
    second.controller.abort();
  });

  it('gives one principal at most 2 MCP sessions: a third initialize is 429 with Retry-After', async () => {
    const initialize = () =>
      fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify(mcpInitializeRequest('limits-test')),
      });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await initialize();
      statuses.push(response.status);
      if (response.status === 429) expect(response.headers.get('retry-after')).toBe('60');
      await response.body?.cancel();
    }
    expect(statuses).toEqual([200, 200, 429]);
  });
});
