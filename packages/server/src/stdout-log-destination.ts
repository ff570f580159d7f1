import { writeSync } from 'node:fs';
import type { DestinationStream } from 'pino';

/** Options for {@link createStdoutLogDestination}. */
export interface StdoutLogDestinationOptions {
  /** The stream whose file descriptor is written (default `process.stdout`). */
  stream?: NodeJS.WritableStream & { fd: number };
  /** Characters held while the reader is behind, past which a write waits for it (default 8 Mi). */
  maxPending?: number;
}

/** A pino destination for the process's stdout that writes off the request path. */
export interface StdoutLogDestination extends DestinationStream {
  write(text: string): void;
  /** Writes every pending line before it returns, then calls `callback` (pino's `logger.flush()`). */
  flush(callback?: (error?: Error) => void): void;
  /** Writes every pending line before it returns. */
  flushSync(): void;
}

const RETRY_MS = 2;
const sleeper = new Int32Array(new SharedArrayBuffer(4));
/** The destinations holding lines, written out when the process exits (`process.exit()` too). */
const holding = new Set<() => void>();
let exitHookInstalled = false;

function writeAllAtExit(flushSync: () => void): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const flush of holding) flush();
    });
  }
  holding.add(flushSync);
}

function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && 'code' in error;
}

/**
 * Creates a pino destination that gathers the lines of one event-loop turn and writes them with
 * one non-blocking write when the turn ends, so no request waits for the log's reader. A reader
 * that is behind gets the lines when it has room, in order; every line is written before the
 * process exits. After a write error (a closed pipe) the stream itself writes and reports it.
 */
export function createStdoutLogDestination(
  options: StdoutLogDestinationOptions = {},
): StdoutLogDestination {
  const stream = options.stream ?? process.stdout;
  const maxPending = options.maxPending ?? 8 * 1024 * 1024;
  let lines: string[] = [];
  let pending = 0;
  /** The part of a batch the reader had no room for yet. */
  let rest: Buffer | undefined;
  let scheduled = false;
  let failed = false;

  /** Writes what the descriptor takes now; true once nothing is left. */
  const writeNow = (): boolean => {
    if (lines.length > 0) {
      const batch = Buffer.from(lines.join(''));
      rest = rest === undefined ? batch : Buffer.concat([rest, batch]);
      lines = [];
    }
    while (rest !== undefined) {
      const chunk: Buffer = rest;
      try {
        const written = writeSync(stream.fd, chunk);
        rest = written >= chunk.byteLength ? undefined : chunk.subarray(written);
      } catch (error) {
        if (isErrnoException(error) && error.code === 'EAGAIN') {
          pending = chunk.byteLength;
          return false;
        }
        failed = true;
        rest = undefined;
        stream.write(chunk);
      }
    }
    pending = 0;
    holding.delete(flushSync);
    return true;
  };

  const flushSync = (): void => {
    while (!writeNow()) Atomics.wait(sleeper, 0, 0, RETRY_MS);
  };

  const writeLater = (): void => {
    scheduled = false;
    if (writeNow()) return;
    // The reader is behind (a full pipe): try again shortly, without waiting for it.
    scheduled = true;
    setTimeout(writeLater, RETRY_MS);
  };

  return {
    write(text) {
      if (failed) {
        stream.write(text);
        return;
      }
      lines.push(text);
      pending += text.length;
      if (pending > maxPending) {
        flushSync();
        return;
      }
      if (scheduled) return;
      scheduled = true;
      setImmediate(writeLater);
      writeAllAtExit(flushSync);
    },
    flush(callback) {
      flushSync();
      callback?.();
    },
    flushSync,
  };
}
