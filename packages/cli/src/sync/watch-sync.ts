import { setTimeout as sleep } from 'node:timers/promises';
import type { SyncClient } from './sync-client.ts';

/** Options for {@link watchSync}. */
export interface WatchSyncOptions {
  client: SyncClient;
  /** Runs one sync pass and reports it; called first, after each change and after each reconnect. */
  pass: () => Promise<void>;
  /** Says that the feed dropped and when it reconnects. */
  onDisconnect: (message: string) => void;
  signal: AbortSignal;
  /** Quiet time after a change before a pass runs, so a burst of changes is one pass; default 200 ms. */
  settleMs?: number;
}

const maximumBackoffMs = 10_000;

/** Reads Server-Sent Events and calls `onEvent` with each event's name (comments are heartbeats). */
async function readEvents(response: Response, onEvent: (name: string) => void) {
  if (response.body === null) return;
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of response.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    for (let end = buffer.indexOf('\n\n'); end !== -1; end = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const name = block
        .split('\n')
        .find((line) => line.startsWith('event:'))
        ?.slice('event:'.length)
        .trim();
      const hasData = block.split('\n').some((line) => line.startsWith('data:'));
      if (name !== undefined || hasData) onEvent(name ?? 'message');
    }
  }
}

/**
 * Keeps the folders in step with the server: a pass now, one once the server's feed is connected
 * and one shortly after every change on it (`skill` and `resync` events); when the feed drops it
 * reconnects with backoff and runs a pass, since changes may have been missed. Ends when `signal`
 * aborts.
 */
export async function watchSync(options: WatchSyncOptions): Promise<void> {
  const { client, signal } = options;
  const settleMs = options.settleMs ?? 200;
  let pending: Promise<void> = options.pass();
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      pending = pending.then(options.pass, options.pass);
    }, settleMs);
  };
  await pending;
  let backoffMs = 500;
  while (!signal.aborted) {
    try {
      const response = await client.events(signal);
      backoffMs = 500;
      // A change made after the last pass but before the feed connected has no event of its own.
      schedule();
      await readEvents(response, schedule);
      if (signal.aborted) break;
      options.onDisconnect('the server closed the change feed; reconnecting');
    } catch (error) {
      if (signal.aborted) break;
      options.onDisconnect(`${(error as Error).message} Retrying in ${backoffMs / 1000} s.`);
      await sleep(backoffMs, undefined, { signal }).catch(() => {});
      backoffMs = Math.min(backoffMs * 2, maximumBackoffMs);
      if (signal.aborted) break;
    }
    schedule();
  }
  clearTimeout(timer);
  await pending;
}
