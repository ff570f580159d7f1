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

describe('GET /api/events', () => {
  it('delivers a change, only to the changed workspace', async () => {
    await using server = await createRuntimeTestApp();
    const other = await server.addWorkspace('other');
    const mine = await server.request('GET', '/api/events', { token: server.owner.token });
    const theirs = await server.request('GET', '/api/events', { token: other.token });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('content-type')).toMatch(/text\/event-stream/);
    const mineEvents = collectEvents(mine.body as ReadableStream<Uint8Array>);
    const theirEvents = collectEvents(theirs.body as ReadableStream<Uint8Array>);
    await server.addSkill(skillText('fresh'));
    await expect.poll(() => mineEvents.events.length).toBeGreaterThan(0);
    expect(mineEvents.events[0]).toMatchObject({ type: 'created', name: 'fresh' });
    await server.addSkill(skillText('theirs'), { workspaceId: other.workspaceId });
    await expect.poll(() => theirEvents.events.map((event) => event.name)).toEqual(['theirs']);
    // A later change of my workspace arrives after "theirs" would have, had it been sent to me.
    await server.addSkill(skillText('later'));
    await expect.poll(() => mineEvents.events.length).toBeGreaterThan(1);
    expect(mineEvents.events.map((event) => event.name)).toEqual(['fresh', 'later']);
    await mineEvents.cancel();
    await theirEvents.cancel();
  });

  it('ends open streams when the runtime closes', async () => {
    await using server = await createRuntimeTestApp();
    const response = await server.request('GET', '/api/events', { token: server.owner.token });
    const stream = collectEvents(response.body as ReadableStream<Uint8Array>);
    await server.runtime.close();
    // The stream's end is the event itself: a stream left open fails the test by its timeout.
    await expect(stream.done).resolves.toBeUndefined();
  });

  it('refuses requests without a token', async () => {
    await using server = await createRuntimeTestApp();
    expect((await server.request('GET', '/api/events')).status).toBe(401);
  });
});
