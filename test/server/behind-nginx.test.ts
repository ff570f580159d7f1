import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpsFetch, type HttpsFetch } from '../support/https-fetch.ts';
import { runSkillset } from '../support/run-skillset.ts';
import { createSelfSignedCertificate } from '../support/self-signed-certificate.ts';
import { skillsetBin } from '../support/skillset-bin.ts';
import { type NginxProxy, startNginx } from '../support/start-nginx.ts';

/**
 * The real `skillset serve --trust-proxy` behind a real nginx that terminates TLS. Every client
 * reaches nginx on 127.0.0.1, each from its own loopback source address (Linux routes all of
 * 127.0.0.0/8 to `lo`): nginx appends that address to `X-Forwarded-For`, and the server takes the
 * last entry, so a client cannot name its own address.
 */
const MAX_REQUESTS_PER_CLIENT = 2;
const ownerToken = `sks_nginx${randomBytes(16).toString('hex')}`;

let dir: TempDir;
let dataDir: string;
let certificate: string;
let serve: ChildProcess;
let serveExit: Promise<number | null>;
let serveUrl: string;
let firstSignInUrl: string;
let nginx: NginxProxy;
/** nginx as configured without our advice: responses buffered, HTTP/1.0 to the server. */
let defaultNginx: NginxProxy;
const clients: Client[] = [];

/** A client of nginx connecting from `address`. */
const from = (address: string): HttpsFetch =>
  createHttpsFetch({ ca: certificate, localAddress: address });

/** Starts `skillset serve` as a process; resolves once it listens, its URL and sign-in link read. */
async function startServe(): Promise<void> {
  serve = spawn(
    process.execPath,
    [
      skillsetBin,
      'serve',
      '--port',
      '0',
      '--trust-proxy',
      '--max-connections-per-address',
      String(MAX_REQUESTS_PER_CLIENT),
    ],
    {
      env: {
        PATH: process.env.PATH ?? '',
        NO_COLOR: '1',
        SKILLSET_DATA_DIR: dataDir,
        SKILLSET_ADMIN_TOKEN: ownerToken,
        SKILLSET_LOG_FORMAT: 'json',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  serveExit = once(serve, 'exit').then(([code]) => code as number | null);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    serve.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk;
      const running = /Skillset is running at (http:\/\/\S+)/.exec(output);
      const signIn = /Sign in: +(\S+)/.exec(output);
      if (running?.[1] && signIn?.[1] && output.includes('Press Ctrl+C')) {
        serveUrl = running[1];
        firstSignInUrl = signIn[1];
        resolve();
      }
    });
    void serveExit.then((code) => reject(new Error(`skillset serve exited (${code}):\n${output}`)));
  });
}

/** Reads an event stream's events (comments included) one at a time. */
function readEvents(response: Response) {
  const reader = (response.body as ReadableStream<Uint8Array>)
    .pipeThrough(new TextDecoderStream())
    .getReader();
  let buffer = '';
  return {
    /** The next event's text, or undefined when the stream ended cleanly (an error throws). */
    async next(): Promise<string | undefined> {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          return event;
        }
        const { done, value } = await reader.read();
        if (done) return undefined;
        buffer += value;
      }
    },
    /** Reads until an event contains `text`; throws when the stream ends first. */
    async waitFor(text: string): Promise<string> {
      for (;;) {
        const event = await this.next();
        if (event === undefined) throw new Error(`the stream ended before ${text}`);
        if (event.includes(text)) return event;
      }
    },
    cancel: () => reader.cancel().catch(() => {}),
  };
}

/** Opens `GET /api/events` through nginx and waits for the server's `: connected`. */
async function openEvents(fetch: HttpsFetch, proxy = nginx) {
  const response = await fetch(`${proxy.url}/api/events`, {
    headers: { authorization: `Bearer ${ownerToken}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const events = readEvents(response);
  await events.waitFor(': connected');
  return events;
}

function skillMd(name: string) {
  return `---\nname: ${name}\ndescription: Helps with ${name}.\n---\n\nDo the ${name} thing.\n`;
}

async function createSkill(fetch: HttpsFetch, name: string) {
  const response = await fetch(`${nginx.url}/api/skills`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ content: skillMd(name) }),
  });
  expect(response.status).toBe(201);
}

beforeAll(async () => {
  dir = await createTempDir('skillset-nginx-');
  dataDir = path.join(dir.path, 'data');
  const tls = await createSelfSignedCertificate(dir.path);
  certificate = tls.certificate;
  await startServe();
  const upstream = new URL(serveUrl).host;
  const common = { upstream, certificatePath: tls.certificatePath, keyPath: tls.keyPath };
  nginx = await startNginx({ ...common, dir: path.join(dir.path, 'nginx') });
  defaultNginx = await startNginx({
    ...common,
    dir: path.join(dir.path, 'default-nginx'),
    location: `location / {
    proxy_pass http://${upstream};
    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
}`,
  });
});

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => {})));
  if (serve !== undefined && serve.exitCode === null && serve.signalCode === null) {
    serve.kill('SIGKILL');
    await serveExit;
  }
  await nginx?.stop();
  await defaultNginx?.stop();
  await dir?.[Symbol.asyncDispose]();
});

describe('skillset serve --trust-proxy behind nginx with TLS', () => {
  it('sets a Secure session cookie over https, and none on plain http to the server', async () => {
    const client = from('127.0.0.1');
    const code = new URL(firstSignInUrl).searchParams.get('code') ?? '';
    const signedIn = await client(`${nginx.url}/sign-in?code=${code}`);
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^skillset_session=[^;]+;/);
    expect(cookie).toMatch(/; Secure(;|$)/);
    const session = cookie.split(';')[0] ?? '';
    const me = await client(`${nginx.url}/api/me`, { headers: { cookie: session } });
    expect(me.status).toBe(200);
    // A cookie write needs Origin to name the host it was sent to: nginx must pass Host with port.
    const signedOut = await client(`${nginx.url}/api/session`, {
      method: 'DELETE',
      headers: { cookie: session, origin: nginx.url },
    });
    expect(signedOut.status).toBe(200);
    expect(signedOut.headers.get('set-cookie')).toMatch(/; Secure(;|$)/);

    const link = await runSkillset(['sign-in-link', '--data-dir', dataDir], { cwd: dir.path });
    expect(link.exitCode).toBe(0);
    const direct = /Sign in: (\S+)/.exec(link.stdout)?.[1] ?? '';
    expect(direct.startsWith(serveUrl)).toBe(true);
    const plain = await fetch(direct, { redirect: 'manual' });
    expect(plain.status).toBe(303);
    expect(plain.headers.get('set-cookie')).toMatch(/^skillset_session=[^;]+;/);
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it('limits the requests in flight of each forwarded client, not of the proxy', async () => {
    const alice = from('127.0.0.2');
    const bob = from('127.0.0.3');
    const streams = [await openEvents(alice), await openEvents(alice)];
    try {
      const busy = await alice(`${nginx.url}/healthz`);
      expect(busy.status).toBe(429);
      expect(await busy.json()).toMatchObject({ error: { code: 'rate_limited' } });
      // Naming another client in X-Forwarded-For changes nothing: nginx appends the real one.
      const spoofed = await alice(`${nginx.url}/healthz`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(spoofed.status).toBe(429);
      expect((await bob(`${nginx.url}/healthz`)).status).toBe(200);
    } finally {
      await Promise.all(streams.map((stream) => stream.cancel()));
    }
  });

  it('counts failed sign-in attempts per forwarded client', async () => {
    const carol = from('127.0.0.4');
    const dave = from('127.0.0.5');
    const attempt = (client: HttpsFetch, headers: Record<string, string> = {}) =>
      client(`${nginx.url}/sign-in?code=not-a-code`, { headers }).then(
        (response) => response.status,
      );
    for (let index = 0; index < 30; index += 1) expect(await attempt(carol)).toBe(404);
    expect(await attempt(carol)).toBe(429);
    expect(await attempt(carol, { 'x-forwarded-for': '203.0.113.10' })).toBe(429);
    expect(await attempt(dave)).toBe(404);
  });

  it('passes event streams through as they are written', async () => {
    const client = from('127.0.0.6');
    const events = await openEvents(client);
    // The server asks nginx not to buffer its stream (X-Accel-Buffering), even by default.
    const buffering = await openEvents(client, defaultNginx);
    try {
      // Another client: this one holds its two requests in flight.
      await createSkill(from('127.0.0.9'), 'proxied-event');
      for (const stream of [events, buffering]) {
        expect(await stream.waitFor('event: skill')).toContain('"name":"proxied-event"');
      }
    } finally {
      await Promise.all([events.cancel(), buffering.cancel()]);
    }
  });

  it('serves MCP to the official client with an agent token, streams included', async () => {
    const client = from('127.0.0.7');
    const owner = { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' };
    const agent = await client(`${nginx.url}/api/agents`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ name: 'proxied-bot' }),
    });
    expect(agent.status).toBe(201);
    const { id: agentId } = (await agent.json()) as { id: string };
    const token = await client(`${nginx.url}/api/tokens`, {
      method: 'POST',
      headers: owner,
      body: JSON.stringify({ name: 'proxied-bot', agentId }),
    });
    expect(token.status).toBe(201);
    const { token: agentToken } = (await token.json()) as { token: string };
    await createSkill(client, 'proxied-notes');

    let standaloneStreamOpen = () => {};
    const standaloneStream = new Promise<void>((resolve) => {
      standaloneStreamOpen = resolve;
    });
    const transport = new StreamableHTTPClientTransport(new URL(`${nginx.url}/mcp`), {
      fetch: async (url, init) => {
        const response = await client(url, init);
        if (init?.method === 'GET' && response.status === 200) standaloneStreamOpen();
        return response;
      },
      requestInit: { headers: { authorization: `Bearer ${agentToken}` } },
    });
    const mcp = new Client({ name: 'behind-nginx-test', version: '1.0.0' });
    clients.push(mcp);
    const listChanged = new Promise<void>((resolve) => {
      mcp.setNotificationHandler(ToolListChangedNotificationSchema, () => resolve());
    });
    await mcp.connect(transport);
    const { tools } = await mcp.listTools();
    expect(tools.map((tool) => tool.name)).toContain('use_skill');
    const { prompts } = await mcp.listPrompts();
    expect(prompts.map((prompt) => prompt.name)).toContain('proxied-notes');
    const used = await mcp.callTool({ name: 'use_skill', arguments: { skill: 'proxied-notes' } });
    expect(JSON.stringify(used.content)).toContain('Do the proxied-notes thing.');

    // The server's own notifications come on the standalone GET stream, through nginx.
    await standaloneStream;
    await createSkill(client, 'proxied-later');
    await listChanged;
    const { prompts: after } = await mcp.listPrompts();
    expect(after.map((prompt) => prompt.name)).toContain('proxied-later');
    await mcp.close();
  });

  it('on SIGTERM ends open streams cleanly and exits 0; nginx then answers 502', async () => {
    const client = from('127.0.0.8');
    const events = await openEvents(client);
    serve.kill('SIGTERM');
    // The stream ends without an error: the chunked body was finished, not cut.
    await expect(events.next()).resolves.toBeUndefined();
    await expect(serveExit).resolves.toBe(0);
    const after = await client(`${nginx.url}/healthz`);
    expect(after.status).toBe(502);
  });
});
