import type { Context } from 'hono';
import type { SsoConfig } from '../config/identity-config.ts';
import type { Mailer } from './mailer.ts';
import type { SsoClient } from './sso-client.ts';

/** How the server proves identities: a mailer, a single sign-on client, and its public URL. */
export interface IdentityServices {
  /** The origin people reach the server at; mailed links point there, never to a request's Host. */
  publicUrl?: string;
  mailer?: Mailer;
  sso?: { client: SsoClient; config: SsoConfig };
}

/** The origin for links in answers and mails: the public URL, else the request's own origin. */
export function linkOrigin(context: Context, identity: IdentityServices | undefined): string {
  return identity?.publicUrl ?? new URL(context.req.url).origin;
}
