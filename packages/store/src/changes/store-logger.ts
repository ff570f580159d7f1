/** Where the store reports operational trouble (a lost listener connection, a failing listener). */
export interface StoreLogger {
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

/** The default logger: writes to the console. */
export const CONSOLE_STORE_LOGGER: StoreLogger = {
  warn: (message, details) => console.warn(`[skillset/store] ${message}`, details ?? ''),
  error: (message, details) => console.error(`[skillset/store] ${message}`, details ?? ''),
};
