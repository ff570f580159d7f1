import type { AccessChange, AccessChangeListener } from './access-change.ts';
import type { SkillChange, SkillChangeListener } from './skill-change.ts';

/** Subscribes to committed skill changes made by any instance on the same database. */
export interface ChangeFeed {
  /** Registers a listener; returns a function that removes it. */
  subscribe(listener: SkillChangeListener): () => void;
  /**
   * Registers a listener for committed access changes (revocations, roles, memberships, rules,
   * agent and workspace settings) by any instance; returns a function that removes it.
   */
  onAccessChange(listener: AccessChangeListener): () => void;
  /**
   * Registers a listener called after the feed reconnected: skill and access changes may have
   * been missed meanwhile, so reload and drop caches.
   */
  onReconnect(listener: () => void): () => void;
  /**
   * The committed access epoch, which every access change raises in its transaction; undefined
   * when no other process can change access (PGlite: its notifications arrive in-process on
   * commit). A cache of authentication is current only while this value stays what it was.
   */
  accessEpoch(): Promise<string | undefined>;
  /**
   * The committed skill epoch, which every skill change raises in its transaction; undefined on
   * PGlite (one process). When it passed the last value a process caught up to, {@link settle}
   * brings the changes it counts.
   */
  skillEpoch(): Promise<string | undefined>;
  /**
   * Resolves once every change committed before the call has reached this process's listeners
   * (a marker sent through the database after them has come back), so a writer reads its own
   * writes; resolves anyway after a few seconds when the feed is down.
   */
  settle(): Promise<void>;
}

/** The feed plus the hooks its driver-specific listener calls. */
export interface ChangeFeedHub extends Omit<ChangeFeed, 'accessEpoch' | 'skillEpoch' | 'settle'> {
  deliver(change: SkillChange): void;
  deliverAccess(change: AccessChange): void;
  reconnected(): void;
  /** A settle marker came back through the feed. */
  deliverMarker(marker: string): void;
  /** Resolves when `marker` comes back, or after `timeoutMs`. */
  awaitMarker(marker: string, timeoutMs: number): Promise<void>;
}

/** Creates the in-process fan-out behind a {@link ChangeFeed}. */
export function createChangeFeedHub(onListenerError: (error: unknown) => void): ChangeFeedHub {
  const listeners = new Set<SkillChangeListener>();
  const accessListeners = new Set<AccessChangeListener>();
  const reconnectListeners = new Set<() => void>();
  const markers = new Map<string, () => void>();
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
    onAccessChange(listener) {
      accessListeners.add(listener);
      return () => accessListeners.delete(listener);
    },
    onReconnect(listener) {
      reconnectListeners.add(listener);
      return () => reconnectListeners.delete(listener);
    },
    deliver(change) {
      for (const listener of [...listeners]) call(() => listener(change));
    },
    deliverAccess(change) {
      for (const listener of [...accessListeners]) call(() => listener(change));
    },
    reconnected() {
      for (const listener of [...reconnectListeners]) call(listener);
    },
    deliverMarker(marker) {
      markers.get(marker)?.();
    },
    awaitMarker(marker, timeoutMs) {
      return new Promise((resolve) => {
        const timer = setTimeout(done, timeoutMs);
        timer.unref?.();
        function done() {
          clearTimeout(timer);
          markers.delete(marker);
          resolve();
        }
        markers.set(marker, done);
      });
    },
  };
}
