import { existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { acceptsEncoding } from '../http/accepts-encoding.ts';

/** The web UI a release bundles in this package (`web/`, written by `npm run release:pack`). */
const BUNDLED_WEB_DIR = fileURLToPath(new URL('../../web', import.meta.url));

/**
 * The built web UI: the copy bundled in an installed release, else `apps/web/dist` in the
 * repository, where `npm ci` (the root `prepare` script) builds it.
 */
export const DEFAULT_WEB_DIR = existsSync(BUNDLED_WEB_DIR)
  ? BUNDLED_WEB_DIR
  : fileURLToPath(new URL('../../../../apps/web/dist', import.meta.url));

/** Paths the web UI never answers, so that their own 404s stay JSON or plain. */
const SERVER_PATHS = /^\/(api|mcp|sign-in|\.well-known|healthz|readyz)(\/|$)/;
/** Vite names built assets after their content hash; they never change. */
const HASHED_ASSETS = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The other files of the build (the icon): kept a day, so a browser does not ask on each page. */
const ONE_DAY = 'public, max-age=86400';
const REVALIDATE = 'no-cache';

const missingBuildPage = (webDir: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Skillset</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto; padding: 0 1rem">
<h1>Skillset</h1>
<p>The skills server is running, but the web UI is not built: there is no
<code>${webDir.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`)}/index.html</code>.</p>
<p>Build it with <code>npm run build:web</code> in the repository (<code>npm ci</code> builds it too),
then reload this page.</p>
<p>The API is described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</body></html>`;

async function isRegularFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

async function readRegularFile(file: string): Promise<Uint8Array | undefined> {
  try {
    return (await isRegularFile(file)) ? await readFile(file) : undefined;
  } catch {
    return undefined;
  }
}

/** Text files the web build writes compressed beside themselves (`x.js.br`, `x.js.gz`). */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/** The encodings the build writes, in the order the server prefers them, with their suffix. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

/** The file of `webDir` a URL path names, or undefined when it would leave the folder. */
function fileOf(webDir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.resolve(webDir, `.${decoded}`);
  return file.startsWith(`${webDir}${path.sep}`) ? file : undefined;
}

/**
 * Answers with `file`, or with its precompressed copy when the request accepts that encoding
 * (brotli first, then gzip); undefined when the file does not exist.
 */
async function fileResponse(context: Context, file: string, cacheControl: string) {
  const headers: Record<string, string> = {
    'content-type': getMimeType(file) ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  const acceptEncoding = context.req.header('accept-encoding') ?? '';
  if (COMPRESSIBLE.test(file) && (await isRegularFile(file))) {
    headers.vary = 'Accept-Encoding';
    for (const [encoding, suffix] of ENCODINGS) {
      if (!acceptsEncoding(acceptEncoding, encoding)) continue;
      const compressed = await readRegularFile(`${file}${suffix}`);
      if (compressed === undefined) continue;
      return context.body(compressed as Uint8Array<ArrayBuffer>, 200, {
        ...headers,
        'content-encoding': encoding,
      });
    }
  }
  const bytes = await readRegularFile(file);
  if (bytes === undefined) return undefined;
  return context.body(bytes as Uint8Array<ArrayBuffer>, 200, headers);
}

/** Answers a request with the web UI, or undefined when the request is not the UI's. */
export type WebAppHandler = (context: Context) => Promise<Response | undefined>;

/**
 * Serves the built web UI from `webDir` for the GETs no route answers (use it in the app's
 * not-found handler, so it never shadows a route): hashed assets as immutable, `index.html`
 * (also for client routes) revalidated every time, and a page saying how to build the UI when
 * it is missing. Paths of the server (`/api`, `/mcp`, `/sign-in`…) are never the UI's.
 */
export function createWebAppHandler(options: { webDir: string }): WebAppHandler {
  const webDir = path.resolve(options.webDir);
  const indexFile = path.join(webDir, 'index.html');
  return async (context) => {
    const method = context.req.method;
    const urlPath = context.req.path;
    if ((method !== 'GET' && method !== 'HEAD') || SERVER_PATHS.test(urlPath)) return undefined;
    if (urlPath !== '/') {
      const file = fileOf(webDir, urlPath);
      if (file === undefined) return undefined;
      const cacheControl = HASHED_ASSETS.test(urlPath) ? IMMUTABLE : ONE_DAY;
      const response = await fileResponse(context, file, cacheControl);
      if (response !== undefined) return response;
      // A missing file is a 404; a path without an extension is a client route.
      if (HASHED_ASSETS.test(urlPath) || path.extname(urlPath) !== '') return undefined;
    }
    const index = await fileResponse(context, indexFile, REVALIDATE);
    if (index !== undefined) return index;
    return context.html(missingBuildPage(webDir), 503, { 'cache-control': REVALIDATE });
  };
}
