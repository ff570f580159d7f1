import { request as httpRequest } from 'node:http';
import { createTempDir } from '@skillset/core/test';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { resolveServerConfig } from '../config/server-config.ts';
import { startServer } from '../start-server.ts';
import { createTestApp } from '../test-support/create-test-app.ts';
import { isLoopbackHostname } from './require-loopback-host.ts';

/** One HTTP request with headers `fetch` would not let us forge (Host). */
function send(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      new URL(options.path, url),
      { method: options.method ?? 'GET', headers: options.headers ?? {} },
      (response) => {
        let body = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('DNS rebinding: a loopback server answers only local Host and Origin', () => {
  it('knows the loopback names', () => {
    for (const name of ['localhost', 'LOCALHOST', '127.0.0.1', '127.8.9.1', '::1', '[::1]']) {
      expect(isLoopbackHostname(name), name).toBe(true);
    }
    for (const name of ['0.0.0.0', 'evil.test', 'localhost.evil.test', '10.0.0.1', '::']) {
      expect(isLoopbackHostname(name), name).toBe(false);
    }
  });

  it('refuses forged Host and Origin on every route of a real server on 127.0.0.1, /mcp included', async () => {
    await using dataDir = await createTempDir();
    const config = resolveServerConfig({
      flags: { port: '0', dataDir: dataDir.path },
      env: {},
      cwd: dataDir.path,
    });
    const server = await startServer({ config, logger: pino({ level: 'silent' }) });
    try {
      const port = new URL(server.url).port;
      const token = { authorization: `Bearer ${server.ownerToken}` };
      const mcpInit = JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: {
          protocolVersion: '2025-06-18',
          capabilities: {},
          clientInfo: { name: 'probe', version: '1' },
        },
      });
      const mcpHeaders = {
        ...token,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      };
      const routes = [
        { path: '/healthz' },
        { path: '/api/skills', headers: token },
        { path: '/api/openapi.json' },
        { path: '/' },
        { method: 'POST', path: '/mcp', headers: mcpHeaders, body: mcpInit },
      ];
      for (const route of routes) {
        const forgeries: Array<Record<string, string>> = [
          { host: `evil.test:${port}` },
          { host: `127.0.0.1.evil.test:${port}` },
          { host: `127.0.0.1:${port}`, origin: 'http://evil.test' },
          { host: `localhost:${port}`, origin: 'null' },
        ];
        for (const forged of forgeries) {
          const response = await send(server.url, {
            ...route,
            headers: { ...route.headers, ...forged },
          });
          expect(response.status, `${route.path} ${JSON.stringify(forged)}`).toBe(403);
          expect(JSON.parse(response.body)).toMatchObject({ error: { code: 'host_not_allowed' } });
        }
      }
      expect(
        JSON.parse(
          (await send(server.url, { path: '/healthz', headers: { host: 'evil.test' } })).body,
        ).error.message,
      ).toContain('Host "evil.test" is not a local name');

      // Local names, with or without an Origin of another local port, still work.
      const local: Array<Record<string, string>> = [
        { host: `127.0.0.1:${port}` },
        { host: `localhost:${port}` },
        { host: `[::1]:${port}` },
        { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` },
        { host: `localhost:${port}`, origin: 'http://localhost:5173' },
      ];
      for (const headers of local) {
        const skills = await send(server.url, {
          path: '/api/skills',
          headers: { ...headers, ...token },
        });
        expect(skills.status, JSON.stringify(headers)).toBe(200);
      }
      const mcp = await send(server.url, {
        method: 'POST',
        path: '/mcp',
        headers: mcpHeaders,
        body: mcpInit,
      });
      expect(mcp.status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('does not check names when the server listens on every address', async () => {
    await using server = await createTestApp({ listenHost: '0.0.0.0' });
    const response = await server.request('GET', '/healthz', {
      headers: { host: 'skills.example' },
    });
    expect(response.status).toBe(200);
    await using local = await createTestApp({ listenHost: '127.0.0.1' });
    const refused = await local.request('GET', '/healthz', { headers: { host: 'skills.example' } });
    expect(refused.status).toBe(403);
  });

  it('answers the public URL a reverse proxy on this machine forwards, and only it', async () => {
    await using server = await createTestApp({
      listenHost: '127.0.0.1',
      identity: { publicUrl: 'https://skills.example' },
    });
    const proxied = await server.request('GET', '/healthz', {
      headers: { host: 'skills.example', origin: 'https://skills.example' },
    });
    expect(proxied.status).toBe(200);
    const forged: Record<string, string>[] = [
      { host: 'evil.example' },
      { host: 'skills.example', origin: 'https://evil.example' },
      { host: 'skills.example', origin: 'http://skills.example' },
    ];
    for (const headers of forged) {
      const refused = await server.request('GET', '/healthz', { headers });
      expect(refused.status, JSON.stringify(headers)).toBe(403);
    }
  });
});
