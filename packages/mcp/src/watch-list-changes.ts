import type { SkillRegistry } from '@skillset/core';

/** How long registry changes are gathered before the `list_changed` notifications go out, in milliseconds. */
export const DEFAULT_LIST_CHANGED_DELAY_MS = 50;

/** Options for {@link watchListChanges}. */
export interface WatchListChangesOptions {
  registry: SkillRegistry;
  /** Sends the notifications for the skills that changed; its failures (a closed connection) are ignored. */
  notify: (names: string[]) => Promise<void>;
  delayMs?: number;
}

/** Calls `notify` once per burst of registry changes (gathered for `delayMs`); returns a function that stops watching. */
export function watchListChanges(options: WatchListChangesOptions): () => void {
  const { registry, notify, delayMs = DEFAULT_LIST_CHANGED_DELAY_MS } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = new Set<string>();
  const unsubscribe = registry.on('change', (change) => {
    changed.add(change.name);
    timer ??= setTimeout(() => {
      timer = undefined;
      const names = [...changed].sort();
      changed.clear();
      notify(names).catch(() => {});
    }, delayMs);
  });
  return () => {
    unsubscribe();
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
}
