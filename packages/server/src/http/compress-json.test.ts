import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTestApp, skillText } from '../test-support/index.ts';

/** The body exactly as sent: `app.request` does not decompress. */
async function rawBody(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('JSON answers are compressed when the client accepts it', () => {
  it('gzips a large JSON answer, leaves it whole without Accept-Encoding, and keeps the ETag', async () => {
    await using server = await createTestApp();
    for (let index = 0; index < 12; index++) {
      const name = `compressible-${index}`;
      const created = await server.request('POST', '/api/skills', {
        token: server.owner.token,
        json: { content: skillText(name, { description: `Skill ${index} for a long listing.` }) },
      });
      expect(created.status).toBe(201);
    }
    const token = server.owner.token;
    const plain = await server.request('GET', '/api/skills', { token });
    const plainBody = await rawBody(plain);
    expect(plainBody.byteLength).toBeGreaterThan(1024);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toMatch(/Accept-Encoding/i);

    const gzipped = await server.request('GET', '/api/skills', {
      token,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const gzippedBody = await rawBody(gzipped);
    expect(gzippedBody.byteLength).toBeLessThan(plainBody.byteLength / 2);
    expect(gunzipSync(gzippedBody).equals(plainBody)).toBe(true);

    const refused = await server.request('GET', '/api/skills', {
      token,
      headers: { 'accept-encoding': 'gzip;q=0, identity' },
    });
    expect(refused.headers.get('content-encoding')).toBeNull();

    const detail = await server.request('GET', '/api/skills/compressible-0', { token });
    const detailGzipped = await server.request('GET', '/api/skills/compressible-0', {
      token,
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(detailGzipped.headers.get('etag')).toBe(detail.headers.get('etag'));
  });

  it('leaves small answers and event streams uncompressed', async () => {
    await using server = await createTestApp();
    const headers = { 'accept-encoding': 'gzip' };
    const small = await server.request('GET', '/api/me', { token: server.owner.token, headers });
    expect(small.headers.get('content-type')).toMatch(/^application\/json/);
    expect(small.headers.get('content-encoding')).toBeNull();
    expect((await rawBody(small)).byteLength).toBeLessThan(1024);
    const events = await server.request('GET', '/api/events', {
      token: server.owner.token,
      headers: { ...headers, accept: 'text/event-stream' },
    });
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.headers.get('content-encoding')).toBeNull();
    await events.body?.cancel();
  });
});
