import type { SkillRegistryChange } from '../registry/skill-entry.ts';

/** Something that reports registry-style change events (a registry). */
export interface ChangeEmitter {
  on(event: 'change', listener: (change: SkillRegistryChange) => void): () => void;
}

/** Options for {@link waitForChange}. */
export interface WaitForChangeOptions {
  /** The change to wait for; defaults to any change. */
  match?: (change: SkillRegistryChange) => boolean;
  /** Give up after this many milliseconds (default 5,000). */
  timeoutMs?: number;
}

/** Resolves with the first matching change event, or rejects after a timeout; call before acting. */
export function waitForChange(
  emitter: ChangeEmitter,
  options: WaitForChangeOptions = {},
): Promise<SkillRegistryChange> {
  const timeoutMs = options.timeoutMs ?? 5000;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`No matching change event within ${timeoutMs} ms`));
    }, timeoutMs);
    const unsubscribe = emitter.on('change', (change) => {
      if (options.match !== undefined && !options.match(change)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(change);
    });
  });
}
