import type { Store } from '@skillset/store';
import type { Context } from 'hono';
import { readBearerToken } from './read-bearer-token.ts';
import { readSessionCookie } from './session-cookie.ts';

/** Who is signed in on a public route, if anyone: a user's bearer token, else the session cookie. */
export type SignedInUser = { userId: string; via: 'token' } | { userId: string; via: 'session' };

/**
 * The signed-in user of a request that does not require one; agents, invalid credentials and
 * tokens limited to one workspace (they may not act elsewhere) count as nobody.
 */
export async function findSignedInUser(
  store: Store,
  context: Context,
): Promise<SignedInUser | undefined> {
  const token = readBearerToken(context);
  if (token !== undefined) {
    const found = token === null ? undefined : await store.tokens.authenticate(token);
    return found?.kind === 'user' && found.workspaceId === undefined
      ? { userId: found.userId, via: 'token' }
      : undefined;
  }
  const secret = readSessionCookie(context);
  const session = secret === undefined ? undefined : await store.sessions.authenticate(secret);
  return session === undefined ? undefined : { userId: session.userId, via: 'session' };
}
