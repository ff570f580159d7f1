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
    await using server = await createTestApp({ maxBodyBytes: 1024 });
    const malformed = await server.request('POST', '/api/session', {
      body: '{"token": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error: { code: 'invalid_json' } });
    const unknown = await server.request('POST', '/api/session', {
      json: { token: 'x', extra: true },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const large = await server.request('POST', '/api/session', {
      json: { token: 'x'.repeat(5000) },
    });
    expect(large.status).toBe(413);
  });

  it('exchanges a user token for an httpOnly session cookie that then authenticates', async () => {
    await using server = await createTestApp();
    const response = await server.request('POST', '/api/session', {
      json: { token: server.owner.token },
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/skillset_session=.*HttpOnly.*SameSite=Lax/i);
    const signedIn = await server.request('GET', '/api/anything', {
      headers: { cookie: cookie.split(';')[0] as string },
    });
    expect(signedIn.status).toBe(404);
  });
});
