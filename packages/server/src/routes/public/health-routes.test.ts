import { PGlite } from '@electric-sql/pglite';
import { openStore } from '@skillset/store';
import { MIGRATIONS_TABLE } from '@skillset/store/test';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app/create-app.ts';
import { createTestApp } from '../../test-support/create-test-app.ts';

describe('health endpoints', () => {
  it('answer 200 without a token, and are in the OpenAPI document', async () => {
    await using server = await createTestApp();
    const live = await server.request('GET', '/healthz');
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: 'ok' });
    const ready = await server.request('GET', '/readyz');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ok' });
    expect(ready.headers.get('cache-control')).toBe('no-store');

    const document = (await (await server.request('GET', '/api/openapi.json')).json()) as {
      paths: Record<string, { get?: { security?: unknown[] } }>;
    };
    expect(document.paths['/healthz']?.get?.security).toEqual([]);
    expect(document.paths['/readyz']?.get?.security).toEqual([]);
  });

  it('/readyz answers 503 migrations_pending when a migration is not applied', async () => {
    await using server = await createTestApp();
    await server.store.database.execute(
      sql`delete from ${sql.identifier(MIGRATIONS_TABLE)} where id = (select max(id) from ${sql.identifier(MIGRATIONS_TABLE)})`,
    );
    const response = await server.request('GET', '/readyz');
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('migrations_pending');
    expect(body.error.message).toMatch(/lacks 1 migration\(s\) \(\d{4}-/);
    // Liveness does not depend on the database.
    expect((await server.request('GET', '/healthz')).status).toBe(200);
  });

  it('/readyz answers 503 store_unavailable when the database is gone, /healthz still 200', async () => {
    const store = await openStore({ pglite: new PGlite(), migrate: true });
    const app = createApp({ store, logger: pino({ level: 'silent' }), maxBodyBytes: 1024 });
    expect((await app.request('/readyz')).status).toBe(200);
    await store.close();
    const response = await app.request('/readyz');
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ error: { code: 'store_unavailable' } });
    expect((await app.request('/healthz')).status).toBe(200);
  });
});
