/** A map whose values expire after `ttlMs`; concurrent misses of one key share one load. */
export interface ExpiringCache<Value> {
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  clear(): void;
}

/** Creates an {@link ExpiringCache} holding at most `capacity` keys (the oldest go first). */
export function createExpiringCache<Value>(ttlMs: number, capacity = 10_000): ExpiringCache<Value> {
  const entries = new Map<string, { expires: number; value: Promise<Value> }>();
  return {
    get(key, load) {
      const now = Date.now();
      const entry = entries.get(key);
      if (entry !== undefined && entry.expires > now) return entry.value;
      const value = load();
      entries.delete(key);
      entries.set(key, { expires: now + ttlMs, value });
      value.catch(() => {
        if (entries.get(key)?.value === value) entries.delete(key);
      });
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
  };
}
