import { randomBytes } from 'node:crypto';
import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server';
import { openStore, type Store } from '@skillset/store';
import pg from 'pg';
import pino from 'pino';

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

async function runAdminQuery(adminUrl: string, query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
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
  const databaseName = `skillset_test_${randomBytes(6).toString('hex')}`;
  await runAdminQuery(adminUrl, `create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  const started: Instance[] = [];
  const close = async () => {
    for (const instance of started) {
      await instance.runtime.close();
      await instance.store.close();
    }
    await runAdminQuery(adminUrl, `drop database if exists ${databaseName} with (force)`);
  };
  try {
    started.push(await startInstance(url.toString(), cacheTtlMs));
    started.push(await startInstance(url.toString(), cacheTtlMs));
  } catch (error) {
    await close();
    throw error;
  }
  const [a, b] = started as [Instance, Instance];
  return { a, b, close };
}
