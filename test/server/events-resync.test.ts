import { randomBytes } from 'node:crypto';
import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server/test';
import { ensureInstanceOwner, openStore, type Store } from '@skillset/store';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';

// When the PostgreSQL LISTEN connection is lost, notifications sent meanwhile are gone for good:
// once the feed is back, every event stream gets `resync` so its client reloads.

const adminUrl = process.env.DATABASE_URL;
const databaseName = `skillset_test_${randomBytes(6).toString('hex')}`;
const quietLogger = { warn: () => {}, error: () => {} };

async function query(connectionString: string | undefined, text: string) {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

describe.runIf(adminUrl !== undefined)('event stream while the change feed reconnects', () => {
  const cleanups: (() => Promise<void>)[] = [];

  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
    await query(adminUrl, `drop database if exists ${databaseName} with (force)`);
  });

  it('sends `resync` to every SSE client after the LISTEN connection was terminated', async () => {
    await query(adminUrl, `create database ${databaseName}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    const store: Store = await openStore({
      databaseUrl: url.toString(),
      migrate: true,
      logger: quietLogger,
    });
    const logger = pino({ level: 'silent' });
    const runtime: SkillRuntime = createSkillRuntime({ store, logger });
    const app = createApp({ store, logger, maxBodyBytes: 1 << 20, runtime });
    cleanups.push(async () => {
      await runtime.close();
      await store.close();
    });
    const owner = await ensureInstanceOwner(store);
    if (!owner.created) throw new Error('expected a fresh database');
    const headers = { authorization: `Bearer ${owner.token}` };

    const open = async () => {
      const response = await app.request('/api/events', { headers });
      expect(response.status).toBe(200);
      const reader = (response.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      const state = { text: '' };
      /** Reads until `needle` arrives (a stream that stays silent fails by the test's timeout). */
      const until = async (needle: string) => {
        while (!state.text.includes(needle)) {
          const next = await reader.read();
          if (next.done)
            throw new Error(`stream ended before ${JSON.stringify(needle)}: ${state.text}`);
          state.text += decoder.decode(next.value, { stream: true });
        }
      };
      cleanups.push(() => reader.cancel().catch(() => {}));
      return { state, until };
    };
    const first = await open();
    const second = await open();
    await first.until(': connected');
    await second.until(': connected');

    const killed = await query(
      url.toString(),
      `select pg_terminate_backend(pid) as done from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`,
    );
    expect(killed.rowCount).toBe(1);
    // Written while the listener is down: its notification is lost.
    const created = await store.skills.create({
      scope: 'workspace',
      workspaceId: owner.workspace.id,
      skillMd: '---\nname: while-down\ndescription: Made while the feed was down.\n---\n\nBody.\n',
    });
    expect(created.ok).toBe(true);

    for (const client of [first, second]) {
      await client.until('event: resync');
      expect(client.state.text).toMatch(/event: resync\ndata: \{"reason":"[^"]+"\}\n\n/);
    }
    // After the resync, a reload shows the skill, and later changes stream again.
    const prompt = (await (await app.request('/api/skills/prompt', { headers })).json()) as {
      text: string;
    };
    expect(prompt.text).toContain('while-down');
    await store.skills.create({
      scope: 'workspace',
      workspaceId: owner.workspace.id,
      skillMd: '---\nname: after-up\ndescription: Made after the feed was back.\n---\n\nBody.\n',
    });
    await first.until('"name":"after-up"');
  });
});
