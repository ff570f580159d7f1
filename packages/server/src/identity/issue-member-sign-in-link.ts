import { hasRole, type Store, type WorkspaceMember, type WorkspaceRole } from '@skillset/store';
import { forbiddenError } from '../auth/forbidden-error.ts';
import { signInMail } from './identity-mail.ts';
import type { IdentityServices } from './identity-services.ts';
import { mailNotConfigured } from './mail-not-configured.ts';
import { passOnRefusal } from './pass-on-refusal.ts';

/** How long a sign-in link an admin copies to pass on stays valid: 15 minutes, like the owner's. */
export const PASSED_ON_SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/** How long a sign-in link an admin mails to a member's own address stays valid: 1 hour. */
export const MAILED_SIGN_IN_LINK_TTL_MS = 60 * 60 * 1000;

/** Options for {@link issueMemberSignInLink}. */
export interface IssueMemberSignInLinkOptions {
  store: Store;
  identity: IdentityServices | undefined;
  /** Where the link points (the server's public URL). */
  origin: string;
  workspaceId: string;
  caller: { userId: string; role: WorkspaceRole };
  member: WorkspaceMember;
  delivery: 'email' | 'link';
}

/**
 * Issues a one-time sign-in link for a member: mailed to the member's own address (following it
 * proves the address; valid 1 hour), or returned to the admin to pass on when the admin may hold
 * it (valid 15 minutes, and the rule is checked again when it is used).
 */
export async function issueMemberSignInLink(
  options: IssueMemberSignInLinkOptions,
): Promise<{ url?: string; expiresAt: Date }> {
  const { store, identity, member, delivery } = options;
  if (!hasRole(options.caller.role, 'admin'))
    throw forbiddenError('Only admins issue sign-in links.');
  if (delivery === 'email') {
    const mailer = identity?.mailer;
    if (mailer === undefined) throw mailNotConfigured('mail a sign-in link');
    const email = member.user.email;
    if (email === null) {
      throw forbiddenError(`${member.user.name} has no email address; pass a link on instead.`);
    }
    const { code, expiresAt } = await store.signInCodes.create({
      userId: member.user.id,
      provesEmail: email,
      ttlMs: MAILED_SIGN_IN_LINK_TTL_MS,
    });
    await mailer.send(
      signInMail({ to: email, url: `${options.origin}/sign-in?code=${code}`, expiresAt }),
    );
    return { expiresAt };
  }
  const { workspaceId, caller } = options;
  const refusal = await passOnRefusal(store, {
    workspaceId,
    issuer: caller,
    member: { userId: member.user.id, role: member.role, instanceAdmin: member.user.instanceAdmin },
  });
  if (refusal !== undefined) {
    const instead =
      member.user.email !== null && identity?.mailer !== undefined
        ? 'Mail the link to their own address instead (delivery "email").'
        : 'They can sign in with single sign-on if it is set up, or the server’s operator can run `skillset sign-in-link` for them.';
    throw forbiddenError(
      `You may not hold a link into ${member.user.name}'s account: ${refusal}. ${instead}`,
    );
  }
  const { code, expiresAt } = await store.signInCodes.create({
    userId: member.user.id,
    ttlMs: PASSED_ON_SIGN_IN_LINK_TTL_MS,
    passedOn: { workspaceId, by: caller.userId },
  });
  return { url: `${options.origin}/sign-in?code=${code}`, expiresAt };
}
