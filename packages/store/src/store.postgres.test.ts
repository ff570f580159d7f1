import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { SkillChange } from './changes/skill-change.ts';
import { openStore } from './store/open-store.ts';
import type { Store } from './store/store.ts';
import { defineStoreContract } from './store.contract.ts';
import { createTenant, skillText, waitFor } from './test-support/store-fixtures.ts';

const adminUrl = process.env.DATABASE_URL;
const created: string[] = [];
const quietLogger = { warn: () => {}, error: () => {} };

/** Creates an empty database `skillset_test_<random>` next to DATABASE_URL's and returns its URL. */
async function createDatabase(): Promise<string> {
  const name = `skillset_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  created.push(name);
  const url = new URL(adminUrl as string);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.runIf(adminUrl !== undefined)('PostgreSQL', () => {
  let sharedUrl: Promise<string> | undefined;
  const shared = () => {
    sharedUrl ??= createDatabase();
    return sharedUrl;
  };

  afterAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      for (const name of created) await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  });

  defineStoreContract('PostgreSQL', {
    sharedDatabase: true,
    open: async (options = {}) =>
      openStore({ databaseUrl: await shared(), migrate: true, ...options }),
    async openFresh(count) {
      const url = await createDatabase();
      return Promise.all(Array.from({ length: count }, () => openStore({ databaseUrl: url })));
    },
  });

  it('reconnects the change feed after its connection is killed', async () => {
    const url = await shared();
    const store: Store = await openStore({ databaseUrl: url, migrate: true, logger: quietLogger });
    const writer: Store = await openStore({ databaseUrl: url, logger: quietLogger });
    try {
      let reconnected = false;
      store.changes.onReconnect(() => {
        reconnected = true;
      });
      const seen: SkillChange[] = [];
      store.changes.subscribe((change) => seen.push(change));
      const tenant = await createTenant(writer, 'reconnect');
      const killer = new pg.Client({ connectionString: url });
      await killer.connect();
      await killer.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
         where datname = current_database() and pid <> pg_backend_pid() and query ilike 'LISTEN%'`,
      );
      await killer.end();
      await waitFor(() => reconnected, 5000);
      await writer.skills.create({
        scope: 'workspace',
        workspaceId: tenant.workspace.id,
        skillMd: skillText('after-reconnect'),
      });
      await waitFor(() => seen.some((change) => change.name === 'after-reconnect'), 2000);
      expect(reconnected).toBe(true);
    } finally {
      await writer.close();
      await store.close();
    }
  });
});
