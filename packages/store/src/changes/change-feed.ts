import type { SkillChange, SkillChangeListener } from './skill-change.ts';

/** Subscribes to committed skill changes made by any instance on the same database. */
export interface ChangeFeed {
  /** Registers a listener; returns a function that removes it. */
  subscribe(listener: SkillChangeListener): () => void;
  /** Registers a listener called after the feed reconnected (changes may have been missed: reload). */
  onReconnect(listener: () => void): () => void;
}

/** The feed plus the hooks its driver-specific listener calls. */
export interface ChangeFeedHub extends ChangeFeed {
  deliver(change: SkillChange): void;
  reconnected(): void;
}

/** Creates the in-process fan-out behind a {@link ChangeFeed}. */
export function createChangeFeedHub(onListenerError: (error: unknown) => void): ChangeFeedHub {
  const listeners = new Set<SkillChangeListener>();
  const reconnectListeners = new Set<() => void>();
  const call = (listener: () => void): void => {
    try {
      listener();
    } catch (error) {
      onListenerError(error);
    }
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    deliver(change) {
      for (const listener of [...listeners]) call(() => listener(change));
    },
    reconnected() {
      for (const listener of [...reconnectListeners]) call(listener);
    },
  };
}
