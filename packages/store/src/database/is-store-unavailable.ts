const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

/** SQLSTATE classes 08 (connection exception) and 57P (operator intervention: shutdown, restart). */
const UNAVAILABLE_SQLSTATE = /^(08|57P0[123])/;

const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error',
  'timeout exceeded when trying to connect',
  'Client was closed',
  // An embedded PGlite that was closed (or is closing) answers no query again in this process.
  'PGlite is closed',
  'PGlite is closing',
];

/**
 * True when a driver error (or its cause) means the database cannot be reached right now — a
 * refused or dropped connection, a shutting-down server — rather than a bad query.
 */
export function isStoreUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code))) {
      return true;
    }
    if (
      typeof message === 'string' &&
      UNAVAILABLE_MESSAGES.some((text) => message.includes(text))
    ) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
