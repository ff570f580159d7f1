import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../app/app-env.ts';

/** Where `npm ci` (the root `prepare` script) builds the web UI: `apps/web/dist` in the repository. */
export const DEFAULT_WEB_DIR = fileURLToPath(new URL('../../../../apps/web/dist', import.meta.url));

/** Paths the web UI never answers, so that their own 404s stay JSON or plain. */
const SERVER_PATHS = /^\/(api|mcp|sign-in|invite|\.well-known|healthz|readyz)(\/|$)/;
/** Vite names built assets after their content hash; they never change. */
const HASHED_ASSETS = /^\/assets\//;
const IMMUTABLE = 'public, max-age=31536000, immutable';
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

async function readRegularFile(file: string): Promise<Uint8Array | undefined> {
  try {
    if (!(await stat(file)).isFile()) return undefined;
    return await readFile(file);
  } catch {
    return undefined;
  }
}

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

function fileResponse(context: Context, bytes: Uint8Array, file: string, cacheControl: string) {
  return context.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    'content-type': getMimeType(file) ?? 'application/octet-stream',
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  });
}

/**
 * Serves the built web UI from `webDir` for every GET the server does not answer otherwise:
 * hashed assets as immutable, `index.html` (also for client routes) revalidated every time, and
 * a page saying how to build the UI when it is missing. Register it after every other route.
 */
export function registerWebApp(app: Hono<AppEnv>, options: { webDir: string }) {
  const webDir = path.resolve(options.webDir);
  const indexFile = path.join(webDir, 'index.html');
  app.get('*', async (context) => {
    const urlPath = context.req.path;
    if (SERVER_PATHS.test(urlPath)) return context.notFound();
    if (urlPath !== '/') {
      const file = fileOf(webDir, urlPath);
      if (file === undefined) return context.notFound();
      const bytes = await readRegularFile(file);
      if (bytes !== undefined) {
        return fileResponse(
          context,
          bytes,
          file,
          HASHED_ASSETS.test(urlPath) ? IMMUTABLE : REVALIDATE,
        );
      }
      // A missing file is a 404; a path without an extension is a client route.
      if (HASHED_ASSETS.test(urlPath) || path.extname(urlPath) !== '') return context.notFound();
    }
    const index = await readRegularFile(indexFile);
    if (index === undefined) {
      return context.html(missingBuildPage(webDir), 503, { 'cache-control': REVALIDATE });
    }
    return fileResponse(context, index, indexFile, REVALIDATE);
  });
}
