import pg from 'pg';
import type { StoreLogger } from './store-logger.ts';

/** Options for {@link listenPostgres}. */
export interface ListenPostgresOptions {
  connectionString: string;
  channels: readonly string[];
  onPayload: (channel: string, payload: string) => void;
  /** Called after a lost connection was re-established and LISTEN issued again. */
  onReconnect: () => void;
  logger: StoreLogger;
  /** The longest wait between reconnection attempts, in milliseconds (default 5,000). */
  maxRetryDelay?: number;
}

/** A running LISTEN connection. */
export interface PostgresListener {
  close(): Promise<void>;
}

/**
 * LISTENs on a dedicated connection; when the connection fails it logs, waits (doubling from
 * 100 ms) and reconnects, then calls `onReconnect` so callers can reload what they may have missed.
 */
export async function listenPostgres(options: ListenPostgresOptions): Promise<PostgresListener> {
  const maxRetryDelay = options.maxRetryDelay ?? 5_000;
  let client: pg.Client | undefined;
  let closed = false;
  let retryDelay = 100;
  let retryTimer: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: options.connectionString });
    let failed = false;
    const fail = (error?: unknown): void => {
      if (failed) return;
      failed = true;
      if (client === next) client = undefined;
      next.removeAllListeners('notification');
      next.end().catch(() => {});
      if (closed) return;
      options.logger.warn('change feed connection lost; reconnecting', {
        error: error instanceof Error ? error.message : String(error ?? 'connection ended'),
        retryInMs: retryDelay,
      });
      scheduleReconnect();
    };
    next.on('error', fail);
    next.on('end', () => fail());
    next.on('notification', (message) => {
      if (options.channels.includes(message.channel) && message.payload !== undefined) {
        options.onPayload(message.channel, message.payload);
      }
    });
    await next.connect();
    for (const channel of options.channels) {
      await next.query(`LISTEN ${quoteIdentifier(channel)}`);
    }
    client = next;
    retryDelay = 100;
  };

  const scheduleReconnect = (): void => {
    if (closed || retryTimer !== undefined) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().then(
        () => options.onReconnect(),
        (error: unknown) => {
          options.logger.warn('change feed reconnection failed', {
            error: error instanceof Error ? error.message : String(error),
          });
          retryDelay = Math.min(retryDelay * 2, maxRetryDelay);
          scheduleReconnect();
        },
      );
    }, retryDelay);
    retryTimer.unref?.();
  };

  await connect();
  return {
    async close() {
      closed = true;
      if (retryTimer !== undefined) clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
