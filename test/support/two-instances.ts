import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server/test';
import { openStore, type Store } from '@skillset/store';
import pino from 'pino';
import { createFreshPostgresDatabase } from './fresh-postgres-database.ts';

/** One server instance: its store, runtime and Hono app. */
export interface Instance {
  store: Store;
  runtime: SkillRuntime;
  app: ReturnType<typeof createApp>;
}

/** Two instances sharing one fresh database; `close` stops both and drops the database. */
export interface TwoInstances {
  a: Instance;
  b: Instance;
  close(): Promise<void>;
}

/** Options for {@link startTwoInstances}. */
export interface StartTwoInstancesOptions {
  /** The server whose `test`-like database URL names where to create the new database. */
  adminUrl: string;
  /** How long each runtime caches auth and policies (a long one proves the change feed evicts). */
  cacheTtlMs?: number;
}

async function startInstance(databaseUrl: string, cacheTtlMs?: number): Promise<Instance> {
  const store = await openStore({ databaseUrl, migrate: true });
  const logger = pino({ level: 'silent' });
  const runtime = createSkillRuntime({
    store,
    logger,
    ...(cacheTtlMs === undefined ? {} : { cacheTtlMs }),
  });
  return { store, runtime, app: createApp({ store, logger, maxBodyBytes: 1 << 20, runtime }) };
}

/** Creates a database `skillset_test_<random>` beside `adminUrl`'s and starts two instances on it. */
export async function startTwoInstances(options: StartTwoInstancesOptions): Promise<TwoInstances> {
  const { adminUrl, cacheTtlMs } = options;
  const database = await createFreshPostgresDatabase(adminUrl);
  const started: Instance[] = [];
  const close = async () => {
    for (const instance of started) {
      await instance.runtime.close();
      await instance.store.close();
    }
    await database.drop();
  };
  try {
    started.push(await startInstance(database.url, cacheTtlMs));
    started.push(await startInstance(database.url, cacheTtlMs));
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = started as [Instance, Instance];
  return { a, b, close };
}
