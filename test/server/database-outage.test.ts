import { createTestApp } from '@skillset/server/test';
import { openStore } from '@skillset/store';
import { describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';

const adminUrl = process.env.DATABASE_URL;

describe.runIf(adminUrl !== undefined)('a PostgreSQL outage', () => {
  it('is answered 503 store_unavailable, never 500, and the API recovers when it is back', async () => {
    const database = await createFreshPostgresDatabase(adminUrl as string);
    const target = new URL(database.url);
    await using proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const viaProxy = new URL(database.url);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    try {
      await using server = await createTestApp({
        store: await openStore({ databaseUrl: viaProxy.toString(), migrate: true }),
      });
      const list = () => server.request('GET', '/api/skills', { token: server.owner.token });
      expect((await list()).status).toBe(200);

      await proxy.cut();
      for (let attempt = 0; attempt < 3; attempt++) {
        const response = await list();
        expect(response.status).toBe(503);
        expect(await response.json()).toMatchObject({ error: { code: 'store_unavailable' } });
      }
      expect((await server.request('GET', '/readyz')).status).toBe(503);

      await proxy.restore();
      expect((await list()).status).toBe(200);
    } finally {
      await database.drop();
    }
  });
});
