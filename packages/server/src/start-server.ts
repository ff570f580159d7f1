import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HttpBindings, serve } from '@hono/node-server';
import { SkillsetError } from '@skillset/core';
import { BUILTIN_SKILLS_DIR } from '@skillset/core/node';
import {
  createOwnerSignInCode,
  ensureInstanceOwner,
  generateSecret,
  openStore,
  type Store,
  seedBuiltinSkills,
} from '@skillset/store';
import type { Logger } from 'pino';
import { createApp } from './app/create-app.ts';
import { defaultConnectionLimits } from './config/connection-limits.ts';
import type { ServerConfig } from './config/server-config.ts';
import { createLogger } from './create-logger.ts';
import { createConnectionGuard } from './http/create-connection-guard.ts';
import { createRequestsInFlight } from './http/requests-in-flight.ts';
import { isLoopbackHostname } from './http/require-loopback-host.ts';
import type { ServerErrorCode } from './http/server-error-code.ts';
import { createIdentityServices } from './identity/create-identity-services.ts';
import {
  removeRunningServerFile,
  writeRunningServerFile,
} from './local-server/running-server-file.ts';
import { createSkillRuntime } from './runtime/skill-runtime.ts';

/** How long a stopping server lets the requests in flight finish before it cuts them. */
const SHUTDOWN_GRACE_MS = 10_000;

/** Options for {@link startServer}. */
export interface StartServerOptions {
  config: ServerConfig;
  logger?: Logger;
  /** The folder of built-in skills seeded on start (default: core's). */
  builtinSkillsDir?: string;
}

/** A started server: its URL, a one-time sign-in link for the owner, and `close`. */
export interface RunningServer {
  url: string;
  /** A one-time link that signs the instance owner in (a short-lived code, exchanged once). */
  signInUrl: string;
  /** When the sign-in link stops working. */
  signInExpiresAt: Date;
  /** The first owner's token, shown once (on first start only). */
  ownerToken?: string;
  store: Store;
  close(): Promise<void>;
}

/**
 * Mailed links and SSO redirects point at `SKILLSET_PUBLIC_URL`, else at the server's own
 * loopback URL; on another address the Host a request names cannot be trusted, so it must be set.
 */
function assertPublicUrlKnown(config: ServerConfig): void {
  const needsUrl = config.identity.mail !== undefined || config.identity.sso !== undefined;
  if (needsUrl && config.identity.publicUrl === undefined && !isLoopbackHostname(config.host)) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_config',
      message: `Set SKILLSET_PUBLIC_URL to the address people reach this server at: mailed links and single sign-on need it when the server listens on ${config.host}.`,
    });
  }
}

function portInUse(config: ServerConfig, cause: Error): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'port_in_use',
    message: `Port ${config.port} on ${config.host} is in use by another process; stop it, or listen on another port.`,
    cause,
    details: { host: config.host, port: config.port },
  });
}

/**
 * Opens the store, migrates, seeds the built-in skills, listens, and then creates the first
 * owner (so a start that cannot listen creates none); a busy port throws `port_in_use`.
 */
export async function startServer(options: StartServerOptions): Promise<RunningServer> {
  const { config } = options;
  const logger =
    options.logger ??
    createLogger(config.logFormat === undefined ? {} : { format: config.logFormat });
  assertPublicUrlKnown(config);
  const store = await openStore({
    ...(config.databaseUrl === undefined
      ? { dataDir: config.dataDir }
      : { databaseUrl: config.databaseUrl }),
    migrate: true,
    ...(config.secretKey === undefined ? {} : { secretKey: config.secretKey }),
  });
  let runtime: ReturnType<typeof createSkillRuntime> | undefined;
  const inFlight = createRequestsInFlight();
  let server: ReturnType<typeof serve> | undefined;
  try {
    const seeded = await seedBuiltinSkills(store, options.builtinSkillsDir ?? BUILTIN_SKILLS_DIR);
    logger.info({ created: seeded.created, updated: seeded.updated }, 'built-in skills seeded');
    const limits = { ...defaultConnectionLimits(), ...config.connectionLimits };
    runtime = createSkillRuntime({
      store,
      logger,
      connectionLimits: limits,
      ...(config.mcpSourcePolicy === undefined ? {} : { mcpSourcePolicy: config.mcpSourcePolicy }),
      ...(config.registryBudgetBytes === undefined
        ? {}
        : { registryBudgetBytes: config.registryBudgetBytes }),
    });
    const identity = createIdentityServices(config.identity);
    const pgliteDir = config.databaseUrl === undefined ? config.dataDir : undefined;
    // Only a process that can read the data folder learns it (server.json): `skillset backup`.
    const operatorSecret = pgliteDir === undefined ? undefined : generateSecret();
    const app = createApp({
      store,
      logger,
      maxBodyBytes: config.maxBodyBytes,
      listenHost: config.host,
      runtime,
      ...(pgliteDir === undefined ? {} : { signInDropDir: pgliteDir }),
      ...(operatorSecret === undefined ? {} : { operatorSecret }),
      ...(config.model === undefined ? {} : { chat: { model: config.model } }),
      ...(config.webDir === undefined ? {} : { webDir: config.webDir }),
      identity,
      ...(config.trustProxy === true ? { trustProxy: true } : {}),
      connectionLimits: limits,
      ...(config.mcpSourcePolicy === undefined ? {} : { mcpSourcePolicy: config.mcpSourcePolicy }),
    });
    const guard = createConnectionGuard({
      maxConnections: limits.maxConnections,
      maxConnectionsPerAddress: limits.maxConnectionsPerAddress,
      trustProxy: config.trustProxy === true,
    });
    const fetch = inFlight.track(guard.fetch(app.fetch));
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const started = serve(
        {
          fetch: (request, env) => fetch(request, env as HttpBindings),
          port: config.port,
          hostname: config.host,
          serverOptions: {
            headersTimeout: limits.headersTimeoutMs,
            requestTimeout: limits.requestTimeoutMs,
            // Timeouts are checked this often (Node's default is 30 s).
            connectionsCheckingInterval: Math.min(5_000, limits.headersTimeoutMs),
          },
        },
        () => resolve(started),
      );
      // Before it listens: beyond the caps the oldest idle connections are closed to make room.
      guard.attach(started as Server);
      started.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? portInUse(config, error) : error),
      );
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
    identity.publicUrl ??= url;
    // Only now: the first owner's token is shown once, so a start that cannot listen creates none.
    const owner = await ensureInstanceOwner(
      store,
      config.adminToken === undefined ? {} : { adminToken: config.adminToken },
    );
    logger.info({ url, database: store.kind }, 'skillset server listening');
    if (pgliteDir !== undefined && operatorSecret !== undefined) {
      await writeRunningServerFile(pgliteDir, url, operatorSecret);
    }
    const signIn = await createOwnerSignInCode(store);
    if (signIn === undefined)
      throw new TypeError('the instance has an owner after the first start');
    let closed = false;
    const listening = server;
    const running = runtime;
    return {
      url,
      store,
      signInUrl: `${url}/sign-in?code=${signIn.code}`,
      signInExpiresAt: signIn.expiresAt,
      ...(owner.created ? { ownerToken: owner.token } : {}),
      async close() {
        if (closed) return;
        closed = true;
        if (pgliteDir !== undefined) await removeRunningServerFile(pgliteDir);
        const closing = new Promise<void>((resolve) => listening.close(() => resolve()));
        // No new connections now; the requests being answered finish first.
        if (inFlight.count > 0) {
          logger.info({ requests: inFlight.count }, 'stopping: finishing the requests in flight');
          if (!(await inFlight.drained(SHUTDOWN_GRACE_MS))) {
            logger.warn({ requests: inFlight.count }, 'stopping: requests still in flight are cut');
          }
        }
        // Ends event streams and MCP sessions, and writes pending usage events.
        await running.close();
        // Keep-alive and event-stream connections would otherwise hold the close open.
        if ('closeAllConnections' in listening) listening.closeAllConnections();
        await closing;
        identity.mailer?.close();
        await store.close();
        logger.info('skillset server stopped');
      },
    };
  } catch (error) {
    if (server?.listening) {
      const closing = new Promise<void>((resolve) => server?.close(() => resolve()));
      if ('closeAllConnections' in server) server.closeAllConnections();
      await closing;
    }
    await runtime?.close();
    await store.close();
    throw error;
  }
}
