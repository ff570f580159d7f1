import type { Store } from '@skillset/store';

/**
 * Returns a check for the start of a request: on PostgreSQL it reads the skill epoch, and when a
 * skill change committed since this instance last caught up (on any instance), it waits for
 * `settle` (the change feed delivered, the registries reloaded) before the request reads them.
 * Concurrent requests share one settle; on PGlite it does nothing. Create it before any registry
 * loads: its first read is where this instance starts caught up.
 */
export function createSkillEpochCatchUp(store: Store, settle: () => Promise<void>) {
  const start = store.changes.skillEpoch().catch(() => undefined);
  let caughtUp: bigint | undefined;
  let settling: { target: bigint; done: Promise<void> } | undefined;
  return async (): Promise<void> => {
    const read = await store.changes.skillEpoch();
    if (read === undefined) return;
    const epoch = BigInt(read);
    caughtUp ??= BigInt((await start) ?? read);
    if (epoch <= caughtUp) return;
    if (settling === undefined || settling.target < epoch) {
      const current = { target: epoch, done: Promise.resolve() };
      // A feed that is down settles late or fails; its reconnection reloads every registry.
      current.done = settle()
        .catch(() => {})
        .then(() => {
          if (caughtUp === undefined || caughtUp < current.target) caughtUp = current.target;
          if (settling === current) settling = undefined;
        });
      settling = current;
    }
    await settling.done;
  };
}
