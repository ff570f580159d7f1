import { setImmediate as nextTurn } from 'node:timers/promises';

/** Text lines sent as a byte stream, batched, at the pace its reader takes them. */
export interface LineStream {
  body: ReadableStream<Uint8Array>;
  /**
   * Queues a line; resolves once the reader has room for more, rejects when the reader has left
   * or took nothing for `stallMs`.
   */
  writeLine(line: string): Promise<void>;
  /** Sends what is queued and ends the stream. */
  end(): void;
  /** Ends the stream with an error: the reader sees it cut off, never a clean end. */
  fail(error: unknown): void;
}

/** Lines are sent in chunks of about this many characters. */
const CHUNK_CHARS = 64 * 1024;

/** Creates a {@link LineStream} that gives up on a reader idle for `stallMs`. */
export function createLineStream(options: { stallMs: number }): LineStream {
  const encoder = new TextEncoder();
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let pending: string[] = [];
  let pendingChars = 0;
  let stopped: Error | undefined;
  let wake: (() => void) | undefined;
  const body = new ReadableStream<Uint8Array>(
    {
      start(started) {
        controller = started;
      },
      pull() {
        wake?.();
      },
      cancel() {
        stopped = new Error('the client left before the backup ended');
        wake?.();
      },
    },
    { highWaterMark: 4 },
  );
  const flush = () => {
    if (pending.length === 0) return;
    controller?.enqueue(encoder.encode(pending.join('')));
    pending = [];
    pendingChars = 0;
  };
  const roomOrStall = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        stopped = new Error(`the client took nothing for ${options.stallMs} ms`);
        controller?.error(stopped);
        resolve();
      }, options.stallMs);
      wake = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
    });
  return {
    body,
    async writeLine(line) {
      if (stopped !== undefined) throw stopped;
      pending.push(line, '\n');
      pendingChars += line.length + 1;
      if (pendingChars < CHUNK_CHARS) return;
      flush();
      // PGlite answers in microtasks: without a turn of the event loop nothing else is served.
      await nextTurn();
      while (stopped === undefined && (controller?.desiredSize ?? 0) <= 0) await roomOrStall();
      if (stopped !== undefined) throw stopped;
    },
    end() {
      if (stopped !== undefined) return;
      flush();
      controller?.close();
    },
    fail(error) {
      stopped ??= error instanceof Error ? error : new Error(String(error));
      controller?.error(error);
    },
  };
}
