import pino, { type Logger, type LoggerOptions } from 'pino';
import { loggableError } from './http/loggable-error.ts';

/** Options for {@link createLogger}. */
export interface CreateLoggerOptions {
  level?: string;
  /** Where log lines go (default stdout). */
  destination?: NodeJS.WritableStream;
}

/** Creates the server's structured (JSON lines) logger. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  // Errors never carry query parameters (skill bodies) into a log line, whoever logs them.
  const settings: LoggerOptions = { level, serializers: { err: loggableError } };
  return options.destination === undefined
    ? pino(settings)
    : pino(settings, options.destination as pino.DestinationStream);
}
