import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { SyncClient } from './sync-client.ts';
import { watchSync } from './watch-sync.ts';

/** A feed that connects after `delayMs` and then stays open without events until aborted. */
function slowQuietFeed(delayMs: number): SyncClient {
  return {
    events: async (signal: AbortSignal) => {
      await sleep(delayMs, undefined, { signal });
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          signal.addEventListener('abort', () => controller.close(), { once: true });
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    },
  } as unknown as SyncClient;
}

describe('watchSync', () => {
  it('runs a pass once the feed connects, so a change made before it is not missed', async () => {
    const stop = new AbortController();
    let passes = 0;
    const watching = watchSync({
      client: slowQuietFeed(100),
      pass: async () => {
        passes += 1;
      },
      onDisconnect: () => {},
      signal: stop.signal,
      settleMs: 10,
    });
    for (let waited = 0; passes < 2 && waited < 5_000; waited += 20) await sleep(20);
    stop.abort();
    await watching;
    expect(passes).toBe(2);
  });
});
