/** A map whose values expire after `ttlMs`; concurrent misses of one key share one load. */
export interface ExpiringCache<Value> {
  get(key: string, load: () => Promise<Value>): Promise<Value>;
  /** Forgets the entries `concerns` picks; an entry still loading is passed `undefined`. */
  deleteWhere(concerns: (key: string, value: Value | undefined) => boolean): void;
  clear(): void;
}

interface Entry<Value> {
  expires: number;
  value: Promise<Value>;
  loaded?: Value;
}

/** Creates an {@link ExpiringCache} holding at most `capacity` keys (the oldest go first). */
export function createExpiringCache<Value>(ttlMs: number, capacity = 10_000): ExpiringCache<Value> {
  const entries = new Map<string, Entry<Value>>();
  return {
    get(key, load) {
      const now = Date.now();
      const found = entries.get(key);
      if (found !== undefined && found.expires > now) return found.value;
      const value = load();
      const entry: Entry<Value> = { expires: now + ttlMs, value };
      entries.delete(key);
      entries.set(key, entry);
      value.then(
        (loaded) => {
          entry.loaded = loaded;
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      if (entries.size > capacity) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      return value;
    },
    deleteWhere(concerns) {
      for (const [key, entry] of entries) {
        if (concerns(key, entry.loaded)) entries.delete(key);
      }
    },
    clear() {
      entries.clear();
    },
  };
}
