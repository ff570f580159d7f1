import type { Store } from '@skillset/store';
import { createExpiringCache } from './expiring-cache.ts';

/** The part of the store request authentication reads. */
export type AuthStore = Pick<Store, 'tokens' | 'workspaces'>;

/**
 * Wraps the store so that token checks and workspace lookups are reused for `ttlMs`: the runtime
 * routes answer without a database round trip, and a revoked token stops working within `ttlMs`.
 */
export function createCachedAuthStore(store: Store, ttlMs = 1000): Store & { clear(): void } {
  const principals =
    createExpiringCache<Awaited<ReturnType<Store['tokens']['authenticate']>>>(ttlMs);
  const workspaces = createExpiringCache<unknown>(ttlMs);
  const tokens: Store['tokens'] = Object.create(store.tokens);
  tokens.authenticate = (token, options = {}) =>
    principals.get(`${options.workspaceId ?? ''}\0${token}`, () =>
      store.tokens.authenticate(token, options),
    );
  const cachedWorkspaces: Store['workspaces'] = Object.create(store.workspaces);
  cachedWorkspaces.get = (id) =>
    workspaces.get(`id\0${id}`, () => store.workspaces.get(id)) as ReturnType<
      Store['workspaces']['get']
    >;
  cachedWorkspaces.getBySlug = (slug) =>
    workspaces.get(`slug\0${slug}`, () => store.workspaces.getBySlug(slug)) as ReturnType<
      Store['workspaces']['getBySlug']
    >;
  cachedWorkspaces.listForUser = (userId) =>
    workspaces.get(`user\0${userId}`, () => store.workspaces.listForUser(userId)) as ReturnType<
      Store['workspaces']['listForUser']
    >;
  const cached: Store & { clear(): void } = Object.create(store);
  Object.defineProperties(cached, {
    tokens: { value: tokens },
    workspaces: { value: cachedWorkspaces },
    clear: {
      value: () => {
        principals.clear();
        workspaces.clear();
      },
    },
  });
  return cached;
}
