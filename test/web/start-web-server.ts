import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import {
  type CreateTestAppOptions,
  createRuntimeTestApp,
  type RuntimeTestApp,
} from '@skillset/server/test';

/** A real HTTP server over a fresh PGlite store, serving the web UI from `webDir`. */
export interface WebServer extends AsyncDisposable {
  url: string;
  app: RuntimeTestApp;
}

/** Options of {@link startWebServer}. */
export interface StartWebServerOptions {
  /** The chat model of `POST /api/chat` (default: none, so a turn answers 503). */
  chat?: CreateTestAppOptions['chat'];
  /** Mail and single sign-on; their links point at this server once it listens. */
  identity?: CreateTestAppOptions['identity'];
  /** `SKILLSET_SECRET_KEY` (default: none, so the secrets routes answer 503). */
  secretKey?: string;
}

/** Starts the app on a free loopback port; dispose it with `await using`. */
export async function startWebServer(
  webDir: string,
  options: StartWebServerOptions = {},
): Promise<WebServer> {
  const app = await createRuntimeTestApp({
    webDir,
    ...(options.chat === undefined ? {} : { chat: options.chat }),
    ...(options.identity === undefined ? {} : { identity: options.identity }),
    ...(options.secretKey === undefined ? {} : { secretKey: options.secretKey }),
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const started = serve({ fetch: app.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
      resolve(started),
    );
    started.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  if (options.identity !== undefined) options.identity.publicUrl ??= url;
  return {
    url,
    app,
    async [Symbol.asyncDispose]() {
      const closing = new Promise<void>((resolve) => server.close(() => resolve()));
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closing;
      await app[Symbol.asyncDispose]();
    },
  };
}
