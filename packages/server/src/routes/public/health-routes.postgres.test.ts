import { randomBytes } from 'node:crypto';
import { openStore } from '@skillset/store';
import pg from 'pg';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app/create-app.ts';

const adminUrl = process.env.DATABASE_URL;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

describe.runIf(adminUrl !== undefined)('/readyz on PostgreSQL', () => {
  it('answers 503 store_unavailable while the database refuses connections, then 200 again', async () => {
    const name = `skillset_test_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${name}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const store = await openStore({ databaseUrl: url.toString(), migrate: true });
    const app = createApp({ store, logger: pino({ level: 'silent' }), maxBodyBytes: 1024 });
    try {
      expect((await app.request('/readyz')).status).toBe(200);
      await admin(`alter database ${name} allow_connections false`);
      await admin(
        `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
      );
      const down = await app.request('/readyz');
      expect(down.status).toBe(503);
      const body = (await down.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('store_unavailable');
      expect(body.error.message).not.toContain(name);
      expect((await app.request('/healthz')).status).toBe(200);
      await admin(`alter database ${name} allow_connections true`);
      expect((await app.request('/readyz')).status).toBe(200);
    } finally {
      await store.close().catch(() => {});
      await admin(`alter database ${name} allow_connections true`);
      await admin(`drop database ${name} with (force)`);
    }
  }, 60_000);
});
