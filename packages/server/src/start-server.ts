import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { BUILTIN_SKILLS_DIR } from '@skillset/core/node';
import { ensureInstanceOwner, openStore, type Store, seedBuiltinSkills } from '@skillset/store';
import type { Logger } from 'pino';
import { createApp } from './app/create-app.ts';
import type { ServerConfig } from './config/server-config.ts';
import { createLogger } from './create-logger.ts';
import { createSkillRuntime } from './runtime/skill-runtime.ts';

/** Options for {@link startServer}. */
export interface StartServerOptions {
  config: ServerConfig;
  logger?: Logger;
  /** The folder of built-in skills seeded on start (default: core's). */
  builtinSkillsDir?: string;
}

/** A started server: its URL, the first owner's token when this start created it, and `close`. */
export interface RunningServer {
  url: string;
  /** Present on first start only: open it to sign in as the owner. */
  signInUrl?: string;
  /** The first owner's token, shown once (on first start). */
  ownerToken?: string;
  store: Store;
  close(): Promise<void>;
}

/** Opens the store, migrates, seeds the built-in skills, creates the first owner, and listens. */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger = options.logger ?? createLogger();
  const store = await openStore(
    config.databaseUrl === undefined
      ? { dataDir: config.dataDir, migrate: true }
      : { databaseUrl: config.databaseUrl, migrate: true },
  );
  try {
    const seeded = await seedBuiltinSkills(store, options.builtinSkillsDir ?? BUILTIN_SKILLS_DIR);
    logger.info({ created: seeded.created, updated: seeded.updated }, 'built-in skills seeded');
    const owner = await ensureInstanceOwner(
      store,
      config.adminToken === undefined ? {} : { adminToken: config.adminToken },
    );
    const runtime = createSkillRuntime({ store, logger });
    const app = createApp({
      store,
      logger,
      maxBodyBytes: config.maxBodyBytes,
      runtime,
      ...(config.model === undefined ? {} : { chat: { model: config.model } }),
    });
    const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () =>
        resolve(started),
      );
      started.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    logger.info({ url, database: store.kind }, 'skillset server listening');
    let closed = false;
    return {
      url,
      store,
      ...(owner.created
        ? { ownerToken: owner.token, signInUrl: `${url}/sign-in?token=${owner.token}` }
        : {}),
      async close() {
        if (closed) return;
        closed = true;
        const closing = new Promise<void>((resolve) => server.close(() => resolve()));
        // Ends event streams and MCP sessions, and writes pending usage events.
        await runtime.close();
        // Keep-alive and event-stream connections would otherwise hold the close open.
        if ('closeAllConnections' in server) server.closeAllConnections();
        await closing;
        await store.close();
        logger.info('skillset server stopped');
      },
    };
  } catch (error) {
    await store.close();
    throw error;
  }
}
