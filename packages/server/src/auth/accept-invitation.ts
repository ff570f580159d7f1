import type { AcceptInvitationResult, Store } from '@skillset/store';
import type { Context } from 'hono';
import { findSignedInUser } from './find-signed-in-user.ts';
import { setSessionCookie } from './session-cookie.ts';

/** Options for {@link acceptInvitation}. */
export interface AcceptInvitationRequestOptions {
  store: Store;
  context: Context;
  code: string;
  displayName?: string;
}

/**
 * Accepts an invitation for the request: a signed-in user joins as themselves; anyone else gets a
 * new account and is signed in with a new session cookie.
 */
export async function acceptInvitation(
  options: AcceptInvitationRequestOptions,
): Promise<AcceptInvitationResult> {
  const { store, context, code, displayName } = options;
  const signedIn = await findSignedInUser(store, context);
  const result = await store.transaction(async (transaction) => {
    const accepted = await transaction.invitations.accept({
      code,
      ...(signedIn === undefined ? {} : { userId: signedIn.userId }),
      ...(displayName === undefined ? {} : { displayName }),
    });
    const session =
      signedIn === undefined
        ? await transaction.sessions.create({ userId: accepted.user.id })
        : undefined;
    return { accepted, session };
  });
  if (result.session !== undefined) {
    setSessionCookie(context, result.session.secret, result.session.session.expiresAt);
  }
  return result.accepted;
}
