/** The answer of a rate limiter for one key: an event taken (and how to give it back), or refused. */
export type RateLimitResult =
  | { ok: true; refund(): void }
  | { ok: false; retryAfterSeconds: number };

/** Counts events per key in a fixed window (in memory, per instance). */
export interface RateLimiter {
  /**
   * Counts one event for `key` when its current window has room, in the same step as the check
   * (so parallel callers cannot all pass one check); refused once `limit` events fell in it.
   */
  take(key: string): RateLimitResult;
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
  return {
    take(key) {
      let window = windows.get(key);
      if (window === undefined || now() - window.start >= windowMs) {
        windows.delete(key);
        window = { start: now(), count: 0 };
        windows.set(key, window);
        if (windows.size > maxKeys) windows.delete(windows.keys().next().value as string);
      }
      if (window.count >= limit) {
        const retryAfterSeconds = Math.max(1, Math.ceil((window.start + windowMs - now()) / 1000));
        return { ok: false, retryAfterSeconds };
      }
      window.count += 1;
      const taken = window;
      let refunded = false;
      return {
        ok: true,
        refund() {
          if (refunded) return;
          refunded = true;
          // A refund after its window ended changes nothing: the window is no longer read.
          taken.count -= 1;
        },
      };
    },
  };
}
