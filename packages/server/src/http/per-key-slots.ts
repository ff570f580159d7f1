/** Counts what each key holds open (event streams, sessions) against a cap. */
export interface PerKeySlots {
  /** Takes a slot of `key`; returns its release (call it once), or undefined when all are taken. */
  take(key: string): (() => void) | undefined;
  held(key: string): number;
}

/** Creates {@link PerKeySlots} with `max` slots per key. */
export function createPerKeySlots(max: number): PerKeySlots {
  const counts = new Map<string, number>();
  return {
    take(key) {
      const count = counts.get(key) ?? 0;
      if (count >= max) return undefined;
      counts.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (counts.get(key) ?? 1) - 1;
        if (left <= 0) counts.delete(key);
        else counts.set(key, left);
      };
    },
    held: (key) => counts.get(key) ?? 0,
  };
}
