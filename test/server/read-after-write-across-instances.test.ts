import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server/test';
import { ensureInstanceOwner, openStore, type SkillChange, type Store } from '@skillset/store';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFreshPostgresDatabase } from '../support/fresh-postgres-database.ts';

/**
 * Instance B's change feed is held back (as a slow network or a busy listener would), so its
 * registry cannot learn of A's write from the feed alone: B must see from the skill epoch that a
 * change committed and wait for its feed before it answers.
 */
const adminUrl = process.env.DATABASE_URL;

/** A store whose skill changes and settle markers wait until `release()`. */
function holdFeed(store: Store) {
  let held = true;
  let released: () => void = () => {};
  const release = new Promise<void>((resolve) => {
    released = resolve;
  });
  let settleCalled: () => void = () => {};
  const settleAsked = new Promise<void>((resolve) => {
    settleCalled = resolve;
  });
  const queued: [(change: SkillChange) => void, SkillChange][] = [];
  const changes: Store['changes'] = Object.create(store.changes);
  changes.subscribe = (listener) =>
    store.changes.subscribe((change) => {
      if (held) queued.push([listener, change]);
      else listener(change);
    });
  changes.settle = async () => {
    settleCalled();
    await release;
    await store.changes.settle();
  };
  const wrapped = Object.create(store, { changes: { value: changes } }) as Store;
  return {
    store: wrapped,
    settleAsked,
    release() {
      held = false;
      for (const [listener, change] of queued.splice(0)) listener(change);
      released();
    },
  };
}

describe.runIf(adminUrl !== undefined)('a write on one instance, read on another', () => {
  let drop: () => Promise<void> = async () => {};
  const stores: Store[] = [];
  const runtimes: SkillRuntime[] = [];

  beforeAll(async () => {
    const database = await createFreshPostgresDatabase(adminUrl as string);
    drop = database.drop;
    stores.push(await openStore({ databaseUrl: database.url, migrate: true }));
    stores.push(await openStore({ databaseUrl: database.url, migrate: true }));
  });

  afterAll(async () => {
    for (const runtime of runtimes) await runtime.close();
    for (const store of stores) await store.close();
    await drop();
  });

  it('is in the next answer of the other instance, whose feed is late', async () => {
    const [storeA, storeB] = stores as [Store, Store];
    const owner = await ensureInstanceOwner(storeA);
    if (!owner.created) throw new Error('expected a fresh database');
    const logger = pino({ level: 'silent' });
    const feedB = holdFeed(storeB);
    const instance = (store: Store) => {
      const runtime = createSkillRuntime({ store, logger });
      runtimes.push(runtime);
      return createApp({ store, logger, maxBodyBytes: 1 << 20, runtime });
    };
    const a = instance(storeA);
    const b = instance(feedB.store);
    const headers = { authorization: `Bearer ${owner.token}` };
    const catalog = async () => {
      const response = await b.request('/api/skills/prompt', { headers });
      expect(response.status).toBe(200);
      const body = (await response.json()) as { entries: { name: string }[] };
      return body.entries.map((entry) => entry.name);
    };
    // B's registry is loaded before the write.
    expect(await catalog()).not.toContain('written-on-a');

    const created = await a.request('/api/skills', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        content: '---\nname: written-on-a\ndescription: Written through A.\n---\n\nDo it.\n',
      }),
    });
    expect(created.status).toBe(201);

    const answer = catalog();
    // B must ask its feed to catch up instead of answering from its registry; the feed then arrives.
    await Promise.race([feedB.settleAsked, answer]);
    feedB.release();
    expect(await answer).toContain('written-on-a');
  });
});
