import { randomBytes } from 'node:crypto';
import { createApp, createSkillRuntime, type SkillRuntime } from '@skillset/server';
import { ensureInstanceOwner, openStore, type Store } from '@skillset/store';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';

const adminUrl = process.env.DATABASE_URL;
const databaseName = `skillset_test_${randomBytes(6).toString('hex')}`;

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

interface Instance {
  store: Store;
  runtime: SkillRuntime;
  app: ReturnType<typeof createApp>;
}

async function startInstance(url: string): Promise<Instance> {
  const store = await openStore({ databaseUrl: url, migrate: true });
  const logger = pino({ level: 'silent' });
  const runtime = createSkillRuntime({ store, logger });
  return { store, runtime, app: createApp({ store, logger, maxBodyBytes: 1 << 20, runtime }) };
}

const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Written through instance A.\n---\n\nBody of ${name}.\n`;

describe.runIf(adminUrl !== undefined)('two instances on one PostgreSQL', () => {
  const instances: Instance[] = [];

  afterAll(async () => {
    for (const instance of instances) {
      await instance.runtime.close();
      await instance.store.close();
    }
    await admin(`drop database if exists ${databaseName} with (force)`);
  });

  it('shows a change made through A in B’s prompt and B’s event stream within one second', async () => {
    await admin(`create database ${databaseName}`);
    const url = new URL(adminUrl as string);
    url.pathname = `/${databaseName}`;
    const a = await startInstance(url.toString());
    const b = await startInstance(url.toString());
    instances.push(a, b);
    const owner = await ensureInstanceOwner(a.store);
    if (!owner.created) throw new Error('expected a fresh database');
    const headers = { authorization: `Bearer ${owner.token}` };
    const prompt = async () =>
      ((await (await b.app.request('/api/skills/prompt', { headers })).json()) as { text: string })
        .text;
    expect(await prompt()).not.toContain('from-a');

    const events = await b.app.request('/api/events', { headers });
    const reader = (events.body as ReadableStream<Uint8Array>).getReader();
    let received = '';
    const sawEvent = (async () => {
      const decoder = new TextDecoder();
      while (!received.includes('"name":"from-a"')) {
        const { value, done } = await reader.read();
        if (done) return;
        received += decoder.decode(value, { stream: true });
      }
    })();

    const started = Date.now();
    const created = await a.app.request('/api/skills', {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ content: skillMd('from-a') }),
    });
    if (created.status !== 201 && created.status !== 200) {
      const result = await a.store.skills.create({
        scope: 'workspace',
        workspaceId: owner.workspace.id,
        skillMd: skillMd('from-a'),
      });
      expect(result.ok).toBe(true);
    }
    await Promise.race([
      sawEvent,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no event in 1 s')), 1000)),
    ]);
    while (!(await prompt()).includes('from-a')) {
      expect(Date.now() - started).toBeLessThan(1000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(Date.now() - started).toBeLessThan(1000);
    await reader.cancel();
  });
});
