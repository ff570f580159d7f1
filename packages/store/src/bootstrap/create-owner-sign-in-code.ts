import type { StoredUser } from '../repositories/users-repository.ts';
import type { Store } from '../store/store.ts';

/** Options for {@link createOwnerSignInCode}. */
export interface CreateOwnerSignInCodeOptions {
  /** Lifetime in milliseconds (default 15 minutes). */
  ttlMs?: number;
}

/** A one-time sign-in code for the instance owner, shown once. */
export interface OwnerSignInCode {
  code: string;
  expiresAt: Date;
  user: StoredUser;
}

/** The instance owner: the first user who is instance admin. */
export async function findInstanceOwner(store: Store): Promise<StoredUser | undefined> {
  return (await store.users.list()).find((user) => user.instanceAdmin);
}

/** Creates a one-time sign-in code for the instance owner; undefined before the first start. */
export async function createOwnerSignInCode(
  store: Store,
  options: CreateOwnerSignInCodeOptions = {},
): Promise<OwnerSignInCode | undefined> {
  const user = await findInstanceOwner(store);
  if (user === undefined) return undefined;
  const { code, expiresAt } = await store.signInCodes.create({
    userId: user.id,
    ...(options.ttlMs === undefined ? {} : { ttlMs: options.ttlMs }),
  });
  return { code, expiresAt, user };
}
