import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createTestApp, type TestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { buildTestZip, skillText } from './skills-test-support.ts';

const MiB = 1024 * 1024;

/** A body of `total` bytes produced only as it is read; `pulled()` tells how much was read. */
function lazyBody(total: number, chunk = 64 * 1024) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) {
          controller.close();
          return;
        }
        const size = Math.min(chunk, total - pulled);
        pulled += size;
        controller.enqueue(new Uint8Array(size).fill(0x61));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled };
}

function send(
  server: TestApp,
  method: string,
  path: string,
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
) {
  return server.app.request(path, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body,
    duplex: 'half',
  } as RequestInit);
}

async function expectTooLarge(response: Response, limit: number) {
  expect(response.status).toBe(413);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe('payload_too_large');
  expect(body.error.message).toContain(`larger than ${limit} bytes`);
}

describe('request body limits, before authentication', () => {
  it('refuses a 31 MB sign-in body by its Content-Length without reading a byte', async () => {
    await using server = await createTestApp();
    const body = lazyBody(31 * MiB);
    const response = await send(server, 'POST', '/api/session', body.stream, {
      'content-length': String(31 * MiB),
    });
    await expectTooLarge(response, 16 * 1024);
    expect(body.pulled()).toBe(0);
  });

  it('stops reading a streamed sign-in body without Content-Length once it passes 16 KB', async () => {
    await using server = await createTestApp();
    for (const path of ['/api/session', '/api/invitations/some-code/accept']) {
      const body = lazyBody(31 * MiB, 4 * 1024);
      const response = await send(server, 'POST', path, body.stream);
      await expectTooLarge(response, 16 * 1024);
      expect(body.pulled()).toBeLessThanOrEqual(24 * 1024);
    }
  });

  it('does not read an unauthenticated upload at all: 401 first', async () => {
    await using server = await createTestApp();
    const body = lazyBody(31 * MiB);
    const response = await send(server, 'POST', '/api/skills/upload', body.stream, {
      'content-type': 'application/zip',
    });
    expect(response.status).toBe(401);
    expect(body.pulled()).toBeLessThanOrEqual(64 * 1024);
  });

  it('limits other JSON bodies to 1 MiB, even for a signed-in owner', async () => {
    await using server = await createTestApp();
    const declared = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'x'.repeat(2 * MiB) },
    });
    await expectTooLarge(declared, MiB);
    const body = lazyBody(2 * MiB);
    const streamed = await send(server, 'POST', '/api/workspaces', body.stream, {
      authorization: `Bearer ${server.owner.token}`,
    });
    await expectTooLarge(streamed, MiB);
    expect(body.pulled()).toBeLessThanOrEqual(MiB + 64 * 1024);
  });

  it('lets normal requests through', async () => {
    await using server = await createTestApp();
    const session = await server.request('POST', '/api/session', { json: { code: 'nope' } });
    expect(session.status).not.toBe(413);
    const token = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'ci' },
    });
    expect(token.status).toBe(201);
  });

  it('accepts an authenticated upload above 1 MiB up to the upload limit, refuses one above it', async () => {
    await using server = await createTestApp({ maxBodyBytes: 4 * MiB });
    const zip = buildTestZip([
      { name: 'big/SKILL.md', content: skillText('big', 'A big skill.') },
      { name: 'big/data.bin', content: randomBytes(3 * MiB), compress: false },
    ]);
    const accepted = await server.request('POST', '/api/skills/upload', {
      token: server.owner.token,
      body: zip,
      headers: { 'content-type': 'application/zip' },
    });
    expect(accepted.status).toBe(201);

    const declared = await server.request('POST', '/api/skills/upload', {
      token: server.owner.token,
      body: new Uint8Array(5 * MiB),
      headers: { 'content-type': 'application/zip' },
    });
    await expectTooLarge(declared, 4 * MiB);
    const body = lazyBody(6 * MiB);
    const streamed = await send(server, 'POST', '/api/skills/upload', body.stream, {
      'content-type': 'application/zip',
      authorization: `Bearer ${server.owner.token}`,
    });
    await expectTooLarge(streamed, 4 * MiB);
    expect(body.pulled()).toBeLessThanOrEqual(4 * MiB + 64 * 1024);
  });

  it('over real HTTP: a chunked 31 MB sign-in body is answered 413 after at most a few chunks', async () => {
    await using server = await createTestApp();
    const listener = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => listener.once('listening', resolve));
    const { port } = listener.address() as AddressInfo;
    try {
      let written = 0;
      const status = await new Promise<number>((resolve, reject) => {
        const request = httpRequest(
          { host: '127.0.0.1', port, method: 'POST', path: '/api/session' },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        request.setHeader('content-type', 'application/json');
        request.on('error', (error) => (written > 0 ? undefined : reject(error)));
        const chunk = Buffer.alloc(64 * 1024, 0x61);
        const writeMore = () => {
          while (written < 31 * MiB) {
            written += chunk.length;
            if (!request.write(chunk)) {
              request.once('drain', writeMore);
              return;
            }
          }
          request.end();
        };
        writeMore();
      });
      expect(status).toBe(413);
    } finally {
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});
