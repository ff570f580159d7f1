import { describe, expect, it } from 'vitest';
import { createRuntimeTestApp, skillText } from '../../test-support/create-runtime-test-app.ts';

/** Reads an event stream, collecting `skill` events. */
function collectEvents(body: ReadableStream<Uint8Array>) {
  const events: Array<{ type: string; name: string }> = [];
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const done = (async () => {
    for (;;) {
      const { value, done: finished } = await reader.read();
      if (finished) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (/^event: skill$/m.test(block) && data !== undefined) events.push(JSON.parse(data));
        end = buffer.indexOf('\n\n');
      }
    }
  })();
  return { events, done, cancel: () => reader.cancel() };
}

async function waitFor(condition: () => boolean, timeout: number) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeout) throw new Error(`not within ${timeout} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('GET /api/events', () => {
  it('delivers a change within one second, only to the changed workspace', async () => {
    await using server = await createRuntimeTestApp();
    const other = await server.addWorkspace('other');
    const mine = await server.request('GET', '/api/events', { token: server.owner.token });
    const theirs = await server.request('GET', '/api/events', { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/text\/event-stream/);
    const mineEvents = collectEvents(mine.body as ReadableStream<Uint8Array>);
    const theirEvents = collectEvents(theirs.body as ReadableStream<Uint8Array>);
    const started = Date.now();
    await server.addSkill(skillText('fresh'));
    await waitFor(() => mineEvents.events.length > 0, 1000);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(mineEvents.events[0]).toMatchObject({ type: 'created', name: 'fresh' });
    await server.addSkill(skillText('theirs'), { workspaceId: other.workspaceId });
    await waitFor(() => theirEvents.events.length > 0, 1000);
    expect(theirEvents.events.map((event) => event.name)).toEqual(['theirs']);
    expect(mineEvents.events.map((event) => event.name)).toEqual(['fresh']);
    await mineEvents.cancel();
    await theirEvents.cancel();
  });

  it('ends open streams when the runtime closes', async () => {
    await using server = await createRuntimeTestApp();
    const response = await server.request('GET', '/api/events', { token: server.owner.token });
    const stream = collectEvents(response.body as ReadableStream<Uint8Array>);
    await server.runtime.close();
    await expect(
      Promise.race([
        stream.done.then(() => 'ended'),
        new Promise((resolve) => setTimeout(() => resolve('open'), 1000)),
      ]),
    ).resolves.toBe('ended');
  });

  it('refuses requests without a token', async () => {
    await using server = await createRuntimeTestApp();
    expect((await server.request('GET', '/api/events')).status).toBe(401);
  });
});
