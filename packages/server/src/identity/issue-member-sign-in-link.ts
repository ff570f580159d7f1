import {
  hasRole,
  type Store,
  WORKSPACE_ROLES,
  type WorkspaceMember,
  type WorkspaceRole,
} from '@skillset/store';
import { forbiddenError } from '../auth/forbidden-error.ts';
import { signInMail } from './identity-mail.ts';
import type { IdentityServices } from './identity-services.ts';
import { mailNotConfigured } from './mail-not-configured.ts';

/** How long a sign-in link an admin issues stays valid: 24 hours. */
export const MEMBER_SIGN_IN_LINK_TTL_MS = 24 * 60 * 60 * 1000;

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

function stronger(role: WorkspaceRole, than: WorkspaceRole): boolean {
  return WORKSPACE_ROLES.indexOf(role) < WORKSPACE_ROLES.indexOf(than);
}

/**
 * Why an admin may not hold a link into this member's account, or undefined when they may: a
 * link to pass on signs its holder in as the member everywhere, so it is only for a member of
 * this workspace alone, with a weaker role, who is no instance admin.
 */
async function refusalToPassOn(
  store: Store,
  options: IssueMemberSignInLinkOptions,
): Promise<string | undefined> {
  const { member, caller, workspaceId } = options;
  if (member.user.id === caller.userId) return undefined;
  if (member.user.instanceAdmin) return 'the member is an instance admin';
  if (!stronger(caller.role, member.role))
    return `the member's role (${member.role}) is not weaker than yours`;
  const elsewhere = (await store.workspaces.listForUser(member.user.id)).some(
    (membership) => membership.workspace.id !== workspaceId,
  );
  if (elsewhere) return 'the member also belongs to other workspaces';
  return undefined;
}

/**
 * Issues a one-time sign-in link for a member: mailed to the member's own address (following it
 * proves the address), or returned to the admin to pass on when the admin may hold it.
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
      ttlMs: MEMBER_SIGN_IN_LINK_TTL_MS,
    });
    await mailer.send(
      signInMail({ to: email, url: `${options.origin}/sign-in?code=${code}`, expiresAt }),
    );
    return { expiresAt };
  }
  const refusal = await refusalToPassOn(store, options);
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
    ttlMs: MEMBER_SIGN_IN_LINK_TTL_MS,
  });
  return { url: `${options.origin}/sign-in?code=${code}`, expiresAt };
}
