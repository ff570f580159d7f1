import type { SkillRegistry } from '@skillset/core';

/** How long registry changes are gathered before the `list_changed` notifications go out, in milliseconds. */
export const DEFAULT_LIST_CHANGED_DELAY_MS = 50;

/** Options for {@link watchListChanges}. */
export interface WatchListChangesOptions {
  registry: SkillRegistry;
  /** Sends the notifications; its failures (a closed connection) are ignored. */
  notify: () => Promise<void>;
  delayMs?: number;
}

/** Calls `notify` once per burst of registry changes (gathered for `delayMs`); returns a function that stops watching. */
export function watchListChanges(options: WatchListChangesOptions): () => void {
  const { registry, notify, delayMs = DEFAULT_LIST_CHANGED_DELAY_MS } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = registry.on('change', () => {
    timer ??= setTimeout(() => {
      timer = undefined;
      notify().catch(() => {});
    }, delayMs);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
