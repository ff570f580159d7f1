import { styleText } from 'node:util';
import type { DestinationStream } from 'pino';

/** Options for {@link formatLogRecord}. */
export interface FormatLogRecordOptions {
  /** Colour the level label (for a terminal). */
  color?: boolean;
}

type Style = Parameters<typeof styleText>[0];

const LEVELS: Record<number, { label: string; style: Style }> = {
  10: { label: 'TRACE', style: 'gray' },
  20: { label: 'DEBUG', style: 'gray' },
  30: { label: 'INFO ', style: 'green' },
  40: { label: 'WARN ', style: 'yellow' },
  50: { label: 'ERROR', style: 'red' },
  60: { label: 'FATAL', style: 'red' },
};

/** Fields every pino record has, or that are shown elsewhere on the line. */
const SHOWN_APART = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'err']);

interface LoggedError {
  type?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
}

function clock(time: unknown): string {
  if (typeof time !== 'number') return '';
  const at = new Date(time);
  const pad = (value: number, width = 2) => String(value).padStart(width, '0');
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)} `;
}

function fieldValue(value: unknown): string {
  if (typeof value === 'string' && /^[^\s"=]+$/.test(value)) return value;
  return JSON.stringify(value) ?? String(value);
}

/** The error's stack (or type and message), then its causes, each line indented. */
function errorLines(error: LoggedError, depth = 0): string[] {
  const head =
    typeof error.stack === 'string'
      ? error.stack
      : `${String(error.type)}: ${String(error.message)}`;
  const lines = head.split('\n').map((line, index) => {
    const text = index === 0 && depth > 0 ? `Caused by: ${line.trimStart()}` : line.trimStart();
    return `    ${index === 0 ? '' : '  '}${text}`;
  });
  const cause = error.cause;
  return typeof cause === 'object' && cause !== null && depth < 5
    ? [...lines, ...errorLines(cause as LoggedError, depth + 1)]
    : lines;
}

/**
 * One pino record as a line a person reads: local time, level, message, the record's own fields
 * as `key=value`; an error's stack follows on indented lines.
 */
export function formatLogRecord(
  record: Record<string, unknown>,
  options: FormatLogRecordOptions = {},
): string {
  const level = LEVELS[record.level as number] ?? { label: String(record.level), style: 'white' };
  const label = options.color
    ? styleText(level.style, level.label, { validateStream: false })
    : level.label;
  const fields = Object.entries(record)
    .filter(([key, value]) => !SHOWN_APART.has(key) && value !== undefined)
    .map(([key, value]) => `${key}=${fieldValue(value)}`);
  const line = [`${clock(record.time)}${label}`, String(record.msg ?? ''), ...fields]
    .filter((part) => part !== '')
    .join(' ');
  const error = record.err;
  const stack = typeof error === 'object' && error !== null ? errorLines(error as LoggedError) : [];
  return `${[line, ...stack].join('\n')}\n`;
}

/** Where a log destination writes its text: a stream, or another destination. */
export interface LogTextTarget {
  write(text: string): unknown;
  flush?(callback?: (error?: Error) => void): void;
}

/** Options for {@link createTextLogDestination}. */
export interface TextLogDestinationOptions extends FormatLogRecordOptions {
  /** Where the lines go. */
  target: LogTextTarget;
}

/**
 * A pino destination that writes each JSON record to `target` as {@link formatLogRecord} shows it;
 * `logger.flush()` flushes the target.
 */
export function createTextLogDestination(
  options: TextLogDestinationOptions,
): DestinationStream & { flush(callback?: (error?: Error) => void): void } {
  return {
    flush(callback) {
      if (options.target.flush === undefined) callback?.();
      else options.target.flush(callback);
    },
    write(json: string) {
      let record: Record<string, unknown>;
      try {
        record = JSON.parse(json) as Record<string, unknown>;
      } catch {
        options.target.write(json);
        return;
      }
      options.target.write(formatLogRecord(record, options));
    },
  };
}
