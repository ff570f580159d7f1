import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { skillText } from '@skillset/server/test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltWebUi, buildWebUi } from './build-web-ui.ts';
import { launchBrowser } from './launch-browser.ts';
import { signIn } from './sign-in.ts';
import { startWebServer, type WebServer } from './start-web-server.ts';
import { DESKTOP, takeScreenshots } from './take-screenshots.ts';

/** The most compressed JavaScript the library at `/` may download on a first visit. */
const FIRST_LOAD_JS_BUDGET = 200_000;
/** Chunks that only their own page needs: the chat (AI SDK), the Markdown renderer, the diff. */
const PLAYGROUND_CHUNK = /\/assets\/playground-page-[\w-]+\.js$/;
const MARKDOWN_CHUNK = /\/assets\/skill-markdown-[\w-]+\.js$/;
const SKILL_PAGE_CHUNK = /\/assets\/skill-page-[\w-]+\.js$/;
const DIFF_CHUNK = /\/assets\/side-by-side-diff-[\w-]+\.js$/;

interface Loaded {
  url: string;
  encoding: string | undefined;
  /** The bytes on the wire for the body, as Chromium counts them (compressed when encoded). */
  encodedSize: number;
}

let webDir: BuiltWebUi;
let server: WebServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const scripts: Loaded[] = [];

/** Polls like `expect.poll`, with time for a shared, busy machine. */
function eventually<Value>(read: () => Value | Promise<Value>) {
  return expect.poll(read, { timeout: 20_000 });
}

const requested = (chunk: RegExp) => scripts.some((script) => chunk.test(script.url));

/** A GET over plain HTTP, body as sent: fetch() would decompress it. */
function rawGet(url: string, headers: Record<string, string>) {
  return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    request(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

beforeAll(async () => {
  webDir = await buildWebUi();
  server = await startWebServer(webDir.path);
  await server.app.addSkill(
    skillText('release-notes', {
      description: 'Write release notes from merged pull requests.',
      body: '# Release notes\n\nCollect the **merged** pull requests.\n',
    }),
  );
  browser = await launchBrowser();
  // Sign in elsewhere, then visit with an empty cache and the session cookie: a first visit.
  const signingIn = await browser.newContext();
  await signIn(await signingIn.newPage(), server);
  const cookies = await signingIn.cookies();
  await signingIn.close();
  context = await browser.newContext({ viewport: DESKTOP });
  await context.addCookies(cookies);
  page = await context.newPage();
  const loadedPage = page;
  loadedPage.on('requestfinished', (finished) => {
    if (finished.resourceType() !== 'script') return;
    Promise.all([finished.response(), finished.sizes()]).then(
      ([response, sizes]) => {
        scripts.push({
          url: finished.url(),
          encoding: response?.headers()['content-encoding'],
          encodedSize: sizes.responseBodySize,
        });
      },
      (error: unknown) => {
        // A script still arriving as the suite closes the browser belongs to no measured load.
        if (!loadedPage.isClosed()) throw error;
      },
    );
  });
});

afterAll(async () => {
  await browser?.close();
  await server?.[Symbol.asyncDispose]();
  await webDir?.[Symbol.asyncDispose]();
});

describe('the precompressed build', () => {
  it('sends each script as brotli, gzip or as it is, as the request accepts', async () => {
    const index = await rawGet(`${server.url}/`, {});
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index.body.toString())?.[1];
    expect(script).toBeDefined();
    const url = `${server.url}${script}`;
    const identity = await rawGet(url, {});
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.headers['content-type']).toMatch(/^text\/javascript/);
    const brotli = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(brotli.headers['content-type']).toMatch(/^text\/javascript/);
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.body.length).toBeLessThan(identity.body.length / 2);
    expect(brotliDecompressSync(brotli.body).equals(identity.body)).toBe(true);
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['content-type']).toMatch(/^text\/javascript/);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
  });
});

describe('the first page', () => {
  it(`downloads at most ${FIRST_LOAD_JS_BUDGET} bytes of compressed JavaScript`, async () => {
    await page.goto(`${server.url}/`);
    await page.getByRole('list', { name: 'Skills' }).getByRole('link').first().waitFor();
    await page.waitForLoadState('networkidle');
    await takeScreenshots(page, 'first-load-library');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script.encoding, script.url).toBe('br');
    const total = scripts.reduce((sum, script) => sum + script.encodedSize, 0);
    expect(total).toBeGreaterThan(50_000);
    expect(total).toBeLessThanOrEqual(FIRST_LOAD_JS_BUDGET);
  });

  it('fetches the icon once and gets the API answers compressed', async () => {
    const visit = await context.browser()?.newContext({ viewport: DESKTOP });
    if (visit === undefined) throw new Error('no browser');
    await visit.addCookies(await context.cookies());
    const fresh = await visit.newPage();
    // Chromium asks for the icon on every change of address (again while the first request is
    // open); once one answer is stored, count what still reaches the server.
    let iconStored = false;
    const iconsFetchedLater: string[] = [];
    const iconRequests = new Set<string>();
    let firstIconStored: () => void = () => {};
    const firstIconCached = new Promise<void>((resolve) => {
      firstIconStored = resolve;
    });
    const devtools = await visit.newCDPSession(fresh);
    await devtools.send('Network.enable');
    devtools.on('Network.responseReceived', ({ requestId, response, type }) => {
      if (new URL(response.url).pathname !== '/favicon.svg') return;
      iconRequests.add(requestId);
      const fromCache = response.fromDiskCache || response.fromPrefetchCache;
      if (iconStored && !fromCache) iconsFetchedLater.push(type);
    });
    devtools.on('Network.loadingFinished', ({ requestId }) => {
      if (iconRequests.has(requestId)) firstIconStored();
    });
    const answers: Array<{ path: string; encoding: string | undefined; bytes: number }> = [];
    fresh.on('requestfinished', (finished) => {
      const { pathname } = new URL(finished.url());
      if (!pathname.startsWith('/api/')) return;
      void Promise.all([finished.response(), finished.sizes()]).then(([response, sizes]) => {
        const type = response?.headers()['content-type'] ?? '';
        if (!type.startsWith('application/json')) return;
        answers.push({
          path: pathname,
          encoding: response?.headers()['content-encoding'],
          bytes: sizes.responseBodySize,
        });
      });
    });
    try {
      await fresh.goto(`${server.url}/`);
      await fresh.getByRole('list', { name: 'Skills' }).getByRole('link').first().waitFor();
      await fresh.waitForLoadState('networkidle');
      await firstIconCached;
      iconStored = true;
      await fresh.getByRole('link', { name: 'release-notes' }).click();
      await fresh.getByRole('heading', { name: 'Release notes' }).waitFor();
      await fresh.getByRole('link', { name: 'Skills' }).first().click();
      await fresh.getByRole('list', { name: 'Skills' }).getByRole('link').first().waitFor();
      await fresh.waitForLoadState('networkidle');
      expect(iconsFetchedLater, 'icon requests the server answered').toEqual([]);
      const detail = answers.find((answer) => answer.path === '/api/skills/release-notes');
      expect(detail?.encoding, JSON.stringify(answers)).toBe('gzip');
      for (const answer of answers) {
        if (answer.encoding === undefined) expect(answer.bytes, answer.path).toBeLessThan(1024);
      }
    } finally {
      await visit.close();
    }
  });

  it('loads the Markdown renderer, the diff and the chat only with their pages', async () => {
    for (const chunk of [PLAYGROUND_CHUNK, MARKDOWN_CHUNK, SKILL_PAGE_CHUNK, DIFF_CHUNK]) {
      expect(requested(chunk), String(chunk)).toBe(false);
    }
    await page.getByRole('link', { name: 'release-notes' }).click();
    await page.getByRole('heading', { name: 'Release notes' }).waitFor();
    await eventually(() => requested(SKILL_PAGE_CHUNK)).toBe(true);
    expect(requested(MARKDOWN_CHUNK)).toBe(true);
    expect(requested(PLAYGROUND_CHUNK)).toBe(false);
    await page.getByRole('tab', { name: 'Versions' }).click();
    await eventually(() => requested(DIFF_CHUNK)).toBe(true);
    await page.getByRole('link', { name: 'Playground' }).first().click();
    await eventually(() => requested(PLAYGROUND_CHUNK)).toBe(true);
  });
});
