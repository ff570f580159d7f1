import { ensureInstanceOwner } from '@skillset/store';
import { afterAll, describe, expect, it } from 'vitest';
import { startTwoInstances, type TwoInstances } from '../support/two-instances.ts';

const adminUrl = process.env.DATABASE_URL;

const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Written through instance A.\n---\n\nBody of ${name}.\n`;

describe.runIf(adminUrl !== undefined)('two instances on one PostgreSQL', () => {
  let pair: TwoInstances | undefined;

  afterAll(async () => {
    await pair?.close();
  });

  it('shows a change made through A in B’s prompt and B’s event stream', async () => {
    pair = await startTwoInstances({ adminUrl: adminUrl as string });
    const { a, b } = pair;
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
    await sawEvent;
    expect(received).toContain('"name":"from-a"');
    // Once B's registries have caught up with every committed change, its prompt shows it.
    await b.runtime.settle();
    expect(await prompt()).toContain('from-a');
    await reader.cancel();
  });
});
