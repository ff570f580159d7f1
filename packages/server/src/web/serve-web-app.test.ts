import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support/create-test-app.ts';

const indexHtml =
  '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

async function builtWebDir() {
  const webDir = await createTempDir();
  await mkdir(path.join(webDir.path, 'assets'));
  await writeFile(path.join(webDir.path, 'index.html'), indexHtml);
  await writeFile(path.join(webDir.path, 'assets', 'app-1a2b.js'), 'console.log(1);');
  await writeFile(path.join(webDir.path, 'assets', 'app-1a2b.css'), 'body{}');
  await writeFile(path.join(webDir.path, 'favicon.svg'), '<svg/>');
  return webDir;
}

const script = `export const words = ${JSON.stringify('skill '.repeat(200))};`;

/** A build whose script and index.html have `.br` and `.gz` copies, as `vite build` writes them. */
async function compressedWebDir() {
  const webDir = await builtWebDir();
  const scriptFile = path.join(webDir.path, 'assets', 'app-1a2b.js');
  await writeFile(scriptFile, script);
  for (const file of [scriptFile, path.join(webDir.path, 'index.html')]) {
    const bytes = file === scriptFile ? script : indexHtml;
    await writeFile(`${file}.br`, brotliCompressSync(bytes));
    await writeFile(`${file}.gz`, gzipSync(bytes));
  }
  return webDir;
}

async function bodyBytes(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('createWebAppHandler', () => {
  it('serves index.html at / and for client routes, revalidated every time', async () => {
    await using webDir = await builtWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    for (const url of ['/', '/skills/deploy', '/skills?q=x']) {
      const response = await server.request('GET', url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toBe(indexHtml);
    }
  });

  it('serves hashed assets as immutable with their content type', async () => {
    await using webDir = await builtWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    const script = await server.request('GET', '/assets/app-1a2b.js');
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const style = await server.request('GET', '/assets/app-1a2b.css');
    expect(style.headers.get('content-type')).toMatch(/^text\/css/);
    const icon = await server.request('GET', '/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it('sends the brotli copy to a request that accepts br, with the headers of the file', async () => {
    await using webDir = await compressedWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    const identity = await server.request('GET', '/assets/app-1a2b.js');
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    const identityBytes = await bodyBytes(identity);
    expect(identityBytes.toString()).toBe(script);
    const response = await server.request('GET', '/assets/app-1a2b.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const compressed = await bodyBytes(response);
    expect(compressed.length).toBeLessThan(identityBytes.length);
    expect(brotliDecompressSync(compressed)).toEqual(identityBytes);
  });

  it('sends the gzip copy to a request that accepts gzip but not br', async () => {
    await using webDir = await compressedWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    const identityBytes = await bodyBytes(await server.request('GET', '/assets/app-1a2b.js'));
    for (const acceptEncoding of ['gzip', 'gzip, deflate', 'br;q=0, gzip;q=0.5', 'br;q=0, *']) {
      const response = await server.request('GET', '/assets/app-1a2b.js', {
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.headers.get('content-encoding'), acceptEncoding).toBe('gzip');
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(gunzipSync(await bodyBytes(response))).toEqual(identityBytes);
    }
  });

  it('sends the file as it is to a request that accepts neither', async () => {
    await using webDir = await compressedWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    for (const acceptEncoding of [
      undefined,
      '',
      'identity',
      'deflate',
      'br;q=0, gzip;q=0',
      '*;q=0',
    ]) {
      const response = await server.request('GET', '/assets/app-1a2b.js', {
        headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
      });
      expect(response.headers.get('content-encoding'), acceptEncoding).toBeNull();
      expect((await bodyBytes(response)).toString()).toBe(script);
    }
  });

  it('sends index.html compressed at / and for client routes, revalidated every time', async () => {
    await using webDir = await compressedWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    for (const url of ['/', '/skills/deploy']) {
      const response = await server.request('GET', url, { headers: { 'accept-encoding': 'br' } });
      expect(response.headers.get('content-encoding'), url).toBe('br');
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(brotliDecompressSync(await bodyBytes(response)).toString()).toBe(indexHtml);
    }
  });

  it('sends a file without compressed copies as it is, and never a copy without its file', async () => {
    await using webDir = await compressedWebDir();
    await writeFile(path.join(webDir.path, 'assets', 'orphan-9z9z.js.br'), brotliCompressSync('x'));
    await using server = await createTestApp({ webDir: webDir.path });
    const style = await server.request('GET', '/assets/app-1a2b.css', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(style.headers.get('content-encoding')).toBeNull();
    expect(await style.text()).toBe('body{}');
    const orphan = await server.request('GET', '/assets/orphan-9z9z.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(orphan.status).toBe(404);
  });

  it('answers 404, not index.html, for missing files and server paths', async () => {
    await using webDir = await builtWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    for (const url of [
      '/assets/gone-9z9z.js',
      '/robots.txt',
      '/api/nothing-here',
      '/.well-known/oauth-protected-resource/x',
      '/assets/..%2f..%2findex.html',
      '/%2e%2e%2f%2e%2e%2fetc%2fhostname',
    ]) {
      const response = await server.request('GET', url, { token: server.owner.token });
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    }
    expect((await server.request('GET', '/api/openapi.json')).status).toBe(200);
    const invitation = await server.request('GET', '/invite/abc');
    expect(await invitation.text()).toBe(indexHtml);
    const outside = await server.request('GET', '/%2e%2e/%2e%2e/etc/hostname');
    expect(await outside.text()).toBe(indexHtml);
  });

  it('says how to build the UI when the build is missing', async () => {
    await using webDir = await createTempDir();
    await using server = await createTestApp({ webDir: webDir.path });
    const response = await server.request('GET', '/');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('npm run build:web');
    expect((await server.request('GET', '/skills/deploy')).status).toBe(503);
  });

  it('keeps /sign-in: a valid code sets the session cookie and goes to /', async () => {
    await using webDir = await builtWebDir();
    await using server = await createTestApp({ webDir: webDir.path });
    const { code } = await server.store.signInCodes.create({
      userId: server.owner.userId as string,
    });
    const response = await server.request('GET', `/sign-in?code=${code}`);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.get('set-cookie')).toMatch(/HttpOnly/);
    expect((await server.request('GET', '/sign-in?code=nope')).status).toBe(404);
  });
});
