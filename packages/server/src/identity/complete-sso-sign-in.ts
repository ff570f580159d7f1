import { SkillsetError } from '@skillset/core';
import type { Store, StoreTransaction } from '@skillset/store';
import type { SsoConfig } from '../config/identity-config.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import type { SsoClaims } from './sso-client.ts';

/** Options for {@link completeSsoSignIn}. */
export interface CompleteSsoSignInOptions {
  store: Store;
  config: SsoConfig;
  claims: SsoClaims;
  /** The user already signed in in this browser: a new identity with their address is tied to them. */
  signedInUserId?: string;
}

/** The account an SSO sign-in lands in. */
export interface SsoSignIn {
  userId: string;
  createdUser: boolean;
}

function refused(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'sso_refused', message });
}

async function proveIfFree(transaction: StoreTransaction, userId: string, email: string) {
  if ((await transaction.users.getByVerifiedEmail(email)) === undefined) {
    await transaction.users.verifyEmail(userId, email);
  }
}

async function resolveWorkspaceId(transaction: StoreTransaction, idOrSlug: string) {
  const workspace =
    (await transaction.workspaces.get(idOrSlug)) ??
    (await transaction.workspaces.getBySlug(idOrSlug));
  if (workspace === undefined) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'invalid_config',
      message: `SKILLSET_OIDC_WORKSPACE names no workspace (${JSON.stringify(idOrSlug)}); give an existing id or slug.`,
    });
  }
  return workspace.id;
}

/**
 * Finds or creates the account of a provider's verified identity: the linked account; else the
 * account signed in here with the same address, or the one that proved it, gets the identity;
 * else a new account (which joins the configured workspace just in time). Only verified
 * addresses in the allowed domains get in; an unverified account's claim is never matched.
 */
export async function completeSsoSignIn(options: CompleteSsoSignInOptions): Promise<SsoSignIn> {
  const { store, config, claims } = options;
  const email = claims.email?.trim();
  if (email === undefined || email === '' || !claims.emailVerified) {
    throw refused(
      'Your sign-on provider did not confirm an email address for your account; confirm it there, then sign in again.',
    );
  }
  const domain = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  if (config.allowedDomains.length > 0 && !config.allowedDomains.includes(domain)) {
    throw refused(
      `Addresses at ${domain} may not sign in to this server; use an address at ${config.allowedDomains.join(', ')}.`,
    );
  }
  return store.transaction(async (transaction) => {
    const linked = await transaction.identities.use(claims.issuer, claims.subject, email);
    if (linked !== undefined) {
      await proveIfFree(transaction, linked.userId, email);
      return { userId: linked.userId, createdUser: false };
    }
    const signedIn =
      options.signedInUserId === undefined
        ? undefined
        : await transaction.users.get(options.signedInUserId);
    const sameAddress = signedIn?.email?.toLowerCase() === email.toLowerCase();
    const existing =
      (sameAddress ? signedIn?.id : undefined) ??
      (await transaction.users.getByVerifiedEmail(email))?.id;
    let userId = existing;
    if (userId === undefined) {
      const user = await transaction.users.create({
        name: claims.name?.trim() || email.slice(0, email.indexOf('@')),
        email,
        emailVerified: true,
      });
      userId = user.id;
      if (config.workspace !== undefined) {
        await transaction.members.add({
          workspaceId: await resolveWorkspaceId(transaction, config.workspace),
          userId,
          role: config.role,
          actor: { kind: 'system', id: 'sso' },
        });
      }
    } else {
      await proveIfFree(transaction, userId, email);
    }
    await transaction.identities.link({
      issuer: claims.issuer,
      subject: claims.subject,
      userId,
      email,
    });
    await transaction.audit.append({
      workspaceId: null,
      actor: { kind: 'user', id: userId },
      action: 'identity.link',
      target: { kind: 'user', id: userId },
      details: { issuer: claims.issuer, email, createdUser: existing === undefined },
    });
    return { userId, createdUser: existing === undefined };
  });
}
