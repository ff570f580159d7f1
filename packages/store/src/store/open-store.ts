import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { SkillsetError } from '@skillset/core';
import { defaultCacheDir } from '@skillset/core/node';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { ACCESS_CHANGES_CHANNEL, parseAccessChange } from '../changes/access-change.ts';
import { createChangeFeedHub } from '../changes/change-feed.ts';
import { readAccessEpoch, readSkillEpoch } from '../changes/read-access-epoch.ts';
import { SETTLE_MARKER_CHANNEL, sendSettleMarker } from '../changes/settle-marker.ts';
import { parseSkillChange, SKILL_CHANGES_CHANNEL } from '../changes/skill-change.ts';
import { CONSOLE_STORE_LOGGER, type StoreLogger } from '../changes/store-logger.ts';
import type { StoreDatabase } from '../database/store-database.ts';
import { migrate } from '../migrate/migrate.ts';
import type { SecretKey } from '../secrets/secret-key.ts';
import { createStoreRepositories } from './create-store-repositories.ts';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { openPgliteClient } from './open-pglite-client.ts';
import type { Store, StoreKind } from './store.ts';
import type { StoreErrorCode } from './store-error-code.ts';

/** Options for {@link openStore}: exactly one of `dataDir`, `pglite` and `databaseUrl`. */
export interface OpenStoreOptions {
  /** An open PGlite instance to use (the store closes it on `close()`). */
  pglite?: PGlite;
  /** Skillset's data folder; PGlite keeps its files in `<dataDir>/pglite`. `memory://` keeps everything in memory. */
  dataDir?: string;
  /** A PostgreSQL connection string; the store then uses a node-postgres pool. */
  databaseUrl?: string;
  /** Apply pending migrations before returning (default false: call `store.migrate()`). */
  migrate?: boolean;
  /**
   * Where PGlite keeps the empty cluster a new database starts from, so that only the first one
   * per machine and PGlite version runs `initdb` (decision 0095). Default: Skillset's user cache
   * folder; `false`: no template.
   */
  pgliteTemplateDir?: string | false;
  /** The most connections the PostgreSQL pool opens (default 10). */
  poolSize?: number;
  logger?: StoreLogger;
  /** The key of secret values ({@link parseSecretKey}); absent: secrets can be listed, not set or read. */
  secretKey?: SecretKey;
}

/** The notification channels the change feed listens on. */
const FEED_CHANNELS = [
  SKILL_CHANGES_CHANNEL,
  ACCESS_CHANGES_CHANNEL,
  SETTLE_MARKER_CHANNEL,
] as const;

/** How long `changes.settle()` waits for its marker before giving up (the feed is down then). */
const SETTLE_TIMEOUT_MS = 5_000;

/** The value of `dataDir` that keeps a PGlite database in memory. */
export const MEMORY_DATA_DIR = 'memory://';

interface Driver {
  kind: StoreKind;
  database: StoreDatabase;
  startListening(
    onPayload: (channel: string, payload: string) => void,
    onReconnect: () => void,
  ): Promise<void>;
  close(): Promise<void>;
}

async function openPglite(
  dataDir: string | undefined,
  given: PGlite | undefined,
  templateDir: string | undefined,
): Promise<Driver> {
  let client: PGlite;
  let lock: DataDirLock | undefined;
  try {
    if (given !== undefined) {
      client = given;
      await client.waitReady;
    } else if (dataDir === undefined || dataDir === MEMORY_DATA_DIR) {
      client = new PGlite();
      await client.waitReady;
    } else {
      const folder = join(dataDir, 'pglite');
      await mkdir(folder, { recursive: true });
      // PGlite allows one process per folder: a second one would corrupt it (decision 0060).
      lock = await acquireDataDirLock(dataDir);
      client = await openPgliteClient({
        folder,
        ...(templateDir === undefined ? {} : { templateDir }),
      });
    }
  } catch (error) {
    await lock?.release();
    throw error;
  }
  const stops: (() => Promise<void>)[] = [];
  return {
    kind: 'pglite',
    database: drizzlePglite({ client }) as unknown as StoreDatabase,
    async startListening(onPayload) {
      for (const channel of FEED_CHANNELS) {
        stops.push(await client.listen(channel, (payload) => onPayload(channel, payload)));
      }
    },
    async close() {
      for (const stop of stops) await stop().catch(() => {});
      try {
        await client.close();
      } finally {
        await lock?.release();
      }
    },
  };
}

async function openPostgres(
  databaseUrl: string,
  options: OpenStoreOptions,
  logger: StoreLogger,
): Promise<Driver> {
  // Loaded only for PostgreSQL: a PGlite server never needs the driver (decision 0095).
  const [{ default: pg }, { drizzle: drizzleNodePostgres }, { listenPostgres }] = await Promise.all(
    [import('pg'), import('drizzle-orm/node-postgres'), import('../changes/listen-postgres.ts')],
  );
  const pool = new pg.Pool({ connectionString: databaseUrl, max: options.poolSize ?? 10 });
  pool.on('error', (error) =>
    logger.warn('idle database connection failed', { error: error.message }),
  );
  let listener: { close(): Promise<void> } | undefined;
  return {
    kind: 'postgres',
    database: drizzleNodePostgres({ client: pool }) as unknown as StoreDatabase,
    async startListening(onPayload, onReconnect) {
      listener = await listenPostgres({
        connectionString: databaseUrl,
        channels: FEED_CHANNELS,
        onPayload,
        onReconnect,
        logger,
      });
    },
    async close() {
      await listener?.close();
      await pool.end();
    },
  };
}

/** Opens the store on PGlite (`dataDir`) or PostgreSQL (`databaseUrl`) and starts its change feed. */
export async function openStore(options: OpenStoreOptions): Promise<Store> {
  const logger = options.logger ?? CONSOLE_STORE_LOGGER;
  const given = [options.dataDir, options.pglite, options.databaseUrl].filter(
    (value) => value !== undefined,
  );
  if (given.length !== 1) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'invalid_store_options',
      message:
        'Give exactly one of dataDir (PGlite), pglite (an open PGlite) and databaseUrl (PostgreSQL).',
    });
  }
  const driver =
    options.databaseUrl === undefined
      ? await openPglite(
          options.dataDir,
          options.pglite,
          options.pgliteTemplateDir === false
            ? undefined
            : (options.pgliteTemplateDir ?? defaultCacheDir()),
        )
      : await openPostgres(options.databaseUrl, options, logger);
  const hub = createChangeFeedHub((error) =>
    logger.error('a change listener threw', {
      error: error instanceof Error ? error.message : String(error),
    }),
  );
  try {
    await driver.startListening(
      (channel, payload) => {
        if (channel === SETTLE_MARKER_CHANNEL) {
          hub.deliverMarker(payload);
          return;
        }
        if (channel === ACCESS_CHANGES_CHANNEL) {
          const change = parseAccessChange(payload);
          if (change !== undefined) hub.deliverAccess(change);
          return;
        }
        const change = parseSkillChange(payload);
        if (change !== undefined) hub.deliver(change);
      },
      () => hub.reconnected(),
    );
  } catch (error) {
    await driver.close().catch(() => {});
    throw new SkillsetError<StoreErrorCode>({
      code: 'store_unavailable',
      message: `Cannot connect to the database: ${error instanceof Error ? error.message : String(error)}`,
      cause: error,
    });
  }
  const { database } = driver;
  const repositories = options.secretKey === undefined ? {} : { secretKey: options.secretKey };
  const store: Store = {
    ...createStoreRepositories(database, repositories),
    kind: driver.kind,
    changes: {
      subscribe: hub.subscribe,
      onAccessChange: hub.onAccessChange,
      onReconnect: hub.onReconnect,
      accessEpoch: async () => (driver.kind === 'postgres' ? readAccessEpoch(database) : undefined),
      skillEpoch: async () => (driver.kind === 'postgres' ? readSkillEpoch(database) : undefined),
      async settle() {
        const marker = randomUUID();
        const back = hub.awaitMarker(marker, SETTLE_TIMEOUT_MS);
        try {
          await sendSettleMarker(database, marker);
        } catch (error) {
          hub.deliverMarker(marker);
          throw error;
        }
        await back;
      },
    },
    migrate: (options) => migrate(database, options),
    transaction: (work) =>
      database.transaction((transaction) =>
        work(createStoreRepositories(transaction as StoreDatabase, repositories)),
      ),
    close: () => driver.close(),
  };
  if (options.migrate === true) await store.migrate();
  return store;
}
