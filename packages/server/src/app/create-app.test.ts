import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app.ts';

describe('createApp', () => {
  it('serves the OpenAPI 3.1 document without a token', async () => {
    await using server = await createTestApp();
    const response = await server.request('GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    const document = (await response.json()) as { openapi: string; paths: object };
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toContain('/api/session');
  });

  it('answers 401 with the error shape when the token is missing or unknown', async () => {
    await using server = await createTestApp();
    for (const token of [undefined, 'sks_nope']) {
      const response = await server.request('GET', '/api/anything', token ? { token } : {});
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } });
    }
  });

  it('answers malformed JSON and unknown fields with 400, oversized bodies with 413', async () => {
    await using server = await createTestApp();
    const malformed = await server.request('POST', '/api/session', {
      body: '{"code": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'invalid_json' } });
    const unknown = await server.request('POST', '/api/session', {
      json: { code: 'x', extra: true },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const large = await server.request('POST', '/api/session', {
      json: { code: 'x'.repeat(20_000) },
    });
    expect(large.status).toBe(413);
  });

  it('refuses to exchange a bearer token for a cookie: POST /api/session takes a one-time code', async () => {
    await using server = await createTestApp();
    const response = await server.request('POST', '/api/session', {
      json: { token: server.owner.token },
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('sends the security headers on pages, API answers and errors', async () => {
    await using server = await createTestApp();
    const responses = [
      await server.request('GET', '/'),
      await server.request('GET', '/sign-in?code=nope'),
      await server.request('GET', '/api/openapi.json'),
      await server.request('GET', '/api/me'),
      await server.request('GET', '/api/me', { token: server.owner.token }),
    ];
    expect(responses.map((response) => response.status)).toEqual([200, 404, 200, 401, 200]);
    for (const response of responses) {
      const csp = response.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self' 'unsafe-inline'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'self'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    }
  });
});
