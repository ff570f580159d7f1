import pino, { type Logger, type LoggerOptions } from 'pino';
import type { LogFormat } from './config/log-format.ts';
import { loggableError } from './http/loggable-error.ts';
import { createStdoutLogDestination } from './stdout-log-destination.ts';
import { createTextLogDestination } from './text-log-destination.ts';

/** Options for {@link createLogger}. */
export interface CreateLoggerOptions {
  level?: string;
  /** Where log lines go (default stdout). */
  destination?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Default: `text` when the destination is a terminal, else `json`. */
  format?: LogFormat;
}

/**
 * Creates the server's logger: pino's JSON lines, or on a terminal one readable line per record.
 * Lines for the process's stdout are written once per event-loop turn: `logger.flush()` writes
 * the pending ones before the process writes there itself or exits.
 */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = options.level ?? process.env.LOG_LEVEL ?? 'info';
  // Errors never carry query parameters (skill bodies) into a log line, whoever logs them.
  const settings: LoggerOptions = { level, serializers: { err: loggableError } };
  const target = options.destination ?? process.stdout;
  const format = options.format ?? (target.isTTY === true ? 'text' : 'json');
  // A line written to the process's stdout waits for the end of the event-loop turn, not the
  // request; another stream (a test's) gets each line as it comes.
  const sink =
    target === process.stdout && typeof process.stdout.fd === 'number'
      ? createStdoutLogDestination()
      : (target as pino.DestinationStream);
  if (format === 'text') {
    const color = target.isTTY === true && process.env.NO_COLOR === undefined;
    return pino(settings, createTextLogDestination({ target: sink, color }));
  }
  return pino(settings, sink);
}
