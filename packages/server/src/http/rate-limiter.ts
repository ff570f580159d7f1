/** The answer of a rate limiter for one key. */
export type RateLimitResult = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Counts events per key in a fixed window (in memory, per instance). */
export interface RateLimiter {
  /** Whether `key` may act now: refused once `limit` events fell in its current window. */
  check(key: string): RateLimitResult;
  /** Counts one event for `key`. */
  count(key: string): void;
}

/** Options for {@link createRateLimiter}. */
export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  /** Keys kept at most; the oldest window is dropped first. */
  maxKeys?: number;
  now?: () => number;
}

/** Creates a {@link RateLimiter}: at most `limit` events per key per window of `windowMs`. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { limit, windowMs } = options;
  const maxKeys = options.maxKeys ?? 10_000;
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  const current = (key: string) => {
    const window = windows.get(key);
    if (window === undefined || now() - window.start >= windowMs) return undefined;
    return window;
  };
  return {
    check(key) {
      const window = current(key);
      if (window === undefined || window.count < limit) return { ok: true };
      const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - now()) / 1000));
      return { ok: false, retryAfterSeconds };
    },
    count(key) {
      let window = current(key);
      if (window === undefined) {
        windows.delete(key);
        window = { start: now(), count: 0 };
        windows.set(key, window);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      }
      window.count += 1;
    },
  };
}
