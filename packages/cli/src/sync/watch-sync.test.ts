import { describe, expect, it } from 'vitest';
import type { SyncClient } from './sync-client.ts';
import { watchSync } from './watch-sync.ts';

/** A feed that connects when `connected` resolves and then stays open without events until aborted. */
function quietFeed(connected: Promise<void>): SyncClient {
  return {
    events: async (signal: AbortSignal) => {
      await Promise.race([
        connected,
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
      ]);
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
    let connect = () => {};
    const connected = new Promise<void>((resolve) => {
      connect = resolve;
    });
    let passes = 0;
    const watching = watchSync({
      client: quietFeed(connected),
      pass: async () => {
        passes += 1;
      },
      onDisconnect: () => {},
      signal: stop.signal,
      settleMs: 10,
    });
    expect(passes).toBe(1);
    connect();
    await expect.poll(() => passes, { timeout: 5000 }).toBe(2);
    stop.abort();
    await watching;
    expect(passes).toBe(2);
  });
});
