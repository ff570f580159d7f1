import type { AccessChange, Store } from '@skillset/store';
import { principalConcerned, workspaceLookupConcerned } from './access-change-scope.ts';
import { createExpiringCache } from './expiring-cache.ts';

/** The part of the store request authentication reads. */
export type AuthStore = Pick<Store, 'tokens' | 'workspaces'>;

/** The store with cached token checks and workspace lookups, and the ways to drop them. */
export type CachedAuthStore = Store & {
  clear(): void;
  /** Drops what an access change of the feed concerns, and notes its epoch as delivered. */
  forget(change: AccessChange): void;
};

/**
 * Wraps the store so that token checks and workspace lookups are reused for up to `ttlMs`. The
 * runtime calls `forget(change)` on every access change of the store's feed (a revoked token, a
 * role change, a removed member, on any instance). On PostgreSQL each authentication also reads
 * the access epoch (one single-row query instead of the several the cache saves): when it passed
 * the last epoch the feed delivered, an access change committed on another instance whose
 * notification is still on its way, so the caches are dropped (and `onStale` drops the caller's)
 * before answering.
 */
export function createCachedAuthStore(
  store: Store,
  ttlMs = 1000,
  onStale: () => void = () => {},
): CachedAuthStore {
  const principals =
    createExpiringCache<Awaited<ReturnType<Store['tokens']['authenticate']>>>(ttlMs);
  const workspaces = createExpiringCache<unknown>(ttlMs);
  const tokens: Store['tokens'] = Object.create(store.tokens);
  const clear = () => {
    principals.clear();
    workspaces.clear();
  };
  let epoch: bigint | undefined;
  // Every request authenticates first (token or session): on PostgreSQL, one read of the access
  // epoch tells whether an access change committed that the feed has not delivered yet.
  const dropIfStale = async () => {
    const read = await store.changes.accessEpoch();
    if (read === undefined) return;
    const current = BigInt(read);
    if (epoch !== undefined && current > epoch) {
      clear();
      onStale();
    }
    if (epoch === undefined || current > epoch) epoch = current;
  };
  const forget = (change: AccessChange) => {
    principals.deleteWhere((_key, principal) => principalConcerned(change, principal));
    workspaces.deleteWhere((key, value) => workspaceLookupConcerned(change, key, value));
    if (change.epoch !== undefined && (epoch === undefined || BigInt(change.epoch) > epoch)) {
      epoch = BigInt(change.epoch);
    }
  };
  const sessions: Store['sessions'] = Object.create(store.sessions);
  sessions.authenticate = async (secret) => {
    await dropIfStale();
    return store.sessions.authenticate(secret);
  };
  tokens.authenticate = async (token, options = {}) => {
    await dropIfStale();
    return principals.get(`${options.workspaceId ?? ''}\0${token}`, () =>
      store.tokens.authenticate(token, options),
    );
  };
  const cachedWorkspaces: Store['workspaces'] = Object.create(store.workspaces);
  cachedWorkspaces.get = (id) =>
    workspaces.get(`id\0${id}`, () => store.workspaces.get(id)) as ReturnType<
      Store['workspaces']['get']
    >;
  cachedWorkspaces.getBySlug = (slug) =>
    workspaces.get(`slug\0${slug}`, () => store.workspaces.getBySlug(slug)) as ReturnType<
      Store['workspaces']['getBySlug']
    >;
  cachedWorkspaces.defaultForUser = (userId) =>
    workspaces.get(`default\0${userId}`, () =>
      store.workspaces.defaultForUser(userId),
    ) as ReturnType<Store['workspaces']['defaultForUser']>;
  cachedWorkspaces.listForUser = (userId) =>
    workspaces.get(`user\0${userId}`, () => store.workspaces.listForUser(userId)) as ReturnType<
      Store['workspaces']['listForUser']
    >;
  const cached: CachedAuthStore = Object.create(store);
  Object.defineProperties(cached, {
    tokens: { value: tokens },
    sessions: { value: sessions },
    workspaces: { value: cachedWorkspaces },
    clear: { value: clear },
    forget: { value: forget },
  });
  return cached;
}
