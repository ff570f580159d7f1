import pino, { type Logger } from 'pino';

/** Options for {@link createLogger}. */
export interface CreateLoggerOptions {
  level?: string;
  /** Where log lines go (default stdout). */
  destination?: NodeJS.WritableStream;
}

/** Creates the server's structured (JSON lines) logger. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  return options.destination === undefined
    ? pino({ level })
    : pino({ level }, options.destination as pino.DestinationStream);
}
