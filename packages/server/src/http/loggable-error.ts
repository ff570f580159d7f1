/** The parts of a thrown error a log line may hold. */
export interface LoggableError {
  type: string;
  message: string;
  stack?: string;
  code?: unknown;
  cause?: LoggableError;
}

/** What {@link loggableError} returned: the `err` serializer passes these through unchanged. */
const made = new WeakSet<object>();

/** Drizzle appends `params: …` (skill bodies, token hashes) to a failed query's message. */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at === -1 ? message : `${message.slice(0, at)}\nparams: (not logged)`;
}

/**
 * An error as it may be logged: the query text and database error stay, query parameters
 * (`params`, `parameters`, and the `params:` part of the message and stack) are dropped. Given its
 * own result (a caller's, then the `err` serializer's turn) it returns it unchanged.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (typeof error === 'object' && error !== null && made.has(error)) return error as LoggableError;
  if (!(error instanceof Error)) return { type: typeof error, message: 'a non-Error was thrown' };
  const message = withoutParams(error.message);
  const code = (error as { code?: unknown }).code;
  const loggable: LoggableError = {
    type: error.constructor?.name ?? error.name,
    message,
    ...(error.stack === undefined ? {} : { stack: error.stack.replace(error.message, message) }),
    ...(code === undefined ? {} : { code }),
    ...(error.cause === undefined || depth >= 5
      ? {}
      : { cause: loggableError(error.cause, depth + 1) }),
  };
  made.add(loggable);
  return loggable;
}
