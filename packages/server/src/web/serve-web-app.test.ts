import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
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
    expect(icon.headers.get('cache-control')).toBe('no-cache');
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
