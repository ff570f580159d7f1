import { SkillsetError } from '@skillset/core';
import { WORKSPACE_ROLES, type WorkspaceRole } from '@skillset/store';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** Outgoing mail: invitations and sign-in links go to the invitee's or member's own address. */
export interface MailConfig {
  /** A nodemailer SMTP URL, e.g. `smtps://user:password@mail.example.com:465`. */
  smtpUrl: string;
  /** The sender, e.g. `Skillset <skillset@example.com>`. */
  from: string;
}

/** Single sign-on with an OpenID Connect provider. */
export interface SsoConfig {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** Only addresses in these domains may sign in; empty: any verified address. */
  allowedDomains: string[];
  /** The workspace (id or slug) a first SSO sign-in joins, with `role`; absent: invitations only. */
  workspace?: string;
  role: WorkspaceRole;
  /** The provider's name on the sign-in button. */
  label: string;
}

/** How people prove who they are: mail, single sign-on, and the address links point to. */
export interface IdentityConfig {
  /** The origin people reach the server at (`SKILLSET_PUBLIC_URL`); mailed links use it. */
  publicUrl?: string;
  mail?: MailConfig;
  sso?: SsoConfig;
}

function invalidConfig(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'invalid_config', message });
}

function parseUrl(name: string, value: string, protocols: string[]): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalidConfig(
      `${name} ${JSON.stringify(value)} is not a URL; give a full URL such as ${protocols[0]}//host.`,
    );
  }
  if (!protocols.includes(url.protocol)) {
    throw invalidConfig(
      `${name} must start with ${protocols.join(' or ')}; got ${JSON.stringify(value)}.`,
    );
  }
  return url;
}

function isLoopback(hostname: string): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(hostname);
}

function readSso(env: Record<string, string | undefined>): SsoConfig | undefined {
  const issuer = env.SKILLSET_OIDC_ISSUER?.trim();
  const clientId = env.SKILLSET_OIDC_CLIENT_ID?.trim();
  if (!issuer && !clientId) return undefined;
  if (!issuer || !clientId) {
    throw invalidConfig(
      'Single sign-on needs both SKILLSET_OIDC_ISSUER and SKILLSET_OIDC_CLIENT_ID (and usually SKILLSET_OIDC_CLIENT_SECRET).',
    );
  }
  const url = parseUrl('SKILLSET_OIDC_ISSUER', issuer, ['https:', 'http:']);
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    throw invalidConfig(
      `SKILLSET_OIDC_ISSUER must use https (http only on loopback); got ${issuer}.`,
    );
  }
  const role = (env.SKILLSET_OIDC_ROLE?.trim() || 'member') as WorkspaceRole;
  if (!WORKSPACE_ROLES.includes(role) || role === 'owner') {
    throw invalidConfig(
      `SKILLSET_OIDC_ROLE ${JSON.stringify(role)} is not a role a sign-in may grant; use admin, member or viewer.`,
    );
  }
  const clientSecret = env.SKILLSET_OIDC_CLIENT_SECRET?.trim() || undefined;
  const workspace = env.SKILLSET_OIDC_WORKSPACE?.trim() || undefined;
  const allowedDomains = (env.SKILLSET_OIDC_ALLOWED_DOMAINS ?? '')
    .split(',')
    .map((domain) => domain.trim().toLowerCase().replace(/^@/, ''))
    .filter(Boolean);
  return {
    issuer,
    clientId,
    ...(clientSecret === undefined ? {} : { clientSecret }),
    allowedDomains,
    ...(workspace === undefined ? {} : { workspace }),
    role,
    label: env.SKILLSET_OIDC_LABEL?.trim() || 'single sign-on',
  };
}

/**
 * Reads `SKILLSET_PUBLIC_URL`, `SKILLSET_SMTP_URL` and `SKILLSET_MAIL_FROM`, and the
 * `SKILLSET_OIDC_*` variables; throws `invalid_config` naming the variable that is wrong.
 */
export function resolveIdentityConfig(env: Record<string, string | undefined>): IdentityConfig {
  const publicUrl = env.SKILLSET_PUBLIC_URL?.trim() || undefined;
  const smtpUrl = env.SKILLSET_SMTP_URL?.trim() || undefined;
  if (publicUrl !== undefined) parseUrl('SKILLSET_PUBLIC_URL', publicUrl, ['https:', 'http:']);
  if (smtpUrl !== undefined) parseUrl('SKILLSET_SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const sso = readSso(env);
  return {
    ...(publicUrl === undefined ? {} : { publicUrl: new URL(publicUrl).origin }),
    ...(smtpUrl === undefined
      ? {}
      : {
          mail: {
            smtpUrl,
            from: env.SKILLSET_MAIL_FROM?.trim() || 'Skillset <skillset@localhost>',
          },
        }),
    ...(sso === undefined ? {} : { sso }),
  };
}
