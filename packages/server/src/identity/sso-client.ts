import { SkillsetError } from '@skillset/core';
import type { SsoConfig } from '../config/identity-config.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';

/** What the browser keeps (in a short-lived cookie) between the redirect and the callback. */
export interface SsoChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** Who the provider says signed in: the verified ID token, completed by UserInfo for the address. */
export interface SsoClaims {
  issuer: string;
  subject: string;
  email?: string;
  emailVerified: boolean;
  name?: string;
}

/** The OpenID Connect relying party: the authorization redirect, then the code exchange. */
export interface SsoClient {
  readonly label: string;
  start(): Promise<{ url: URL; checks: SsoChecks }>;
  /** Exchanges the callback's code and verifies the ID token (state, nonce, PKCE, signature). */
  finish(callbackUrl: URL, checks: SsoChecks): Promise<SsoClaims>;
}

/** Options for {@link createSsoClient}. */
export interface CreateSsoClientOptions {
  config: SsoConfig;
  /** `<public URL>/auth/sso/callback`, registered at the provider. */
  redirectUri: () => string;
}

function ssoFailed(message: string, cause?: unknown): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'sso_failed', message, cause });
}

/** Creates the SSO client with openid-client; the provider's metadata is discovered on first use. */
export function createSsoClient(options: CreateSsoClientOptions): SsoClient {
  const { config, redirectUri } = options;
  type Oidc = typeof import('openid-client');
  let discovered:
    | Promise<{ oidc: Oidc; configuration: import('openid-client').Configuration }>
    | undefined;
  const discover = () => {
    discovered ??= (async () => {
      const oidc = await import('openid-client');
      const issuer = new URL(config.issuer);
      const configuration = await oidc.discovery(
        issuer,
        config.clientId,
        config.clientSecret,
        undefined,
        issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
      return { oidc, configuration };
    })().catch((error: unknown) => {
      discovered = undefined;
      throw ssoFailed(
        `The sign-on provider ${config.issuer} did not answer its discovery document; try again, or check SKILLSET_OIDC_ISSUER.`,
        error,
      );
    });
    return discovered;
  };
  return {
    label: config.label,
    async start() {
      const { oidc, configuration } = await discover();
      const checks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        verifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri(),
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
      });
      return { url, checks };
    },
    async finish(callbackUrl, checks) {
      const { oidc, configuration } = await discover();
      let claims: Record<string, unknown> | undefined;
      try {
        const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: checks.verifier,
          expectedState: checks.state,
          expectedNonce: checks.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims();
        // Many providers put the address in the UserInfo answer rather than the ID token.
        if (claims !== undefined && typeof claims.email !== 'string') {
          const info = await oidc.fetchUserInfo(
            configuration,
            tokens.access_token,
            String(claims.sub),
          );
          claims = {
            ...claims,
            email: info.email,
            email_verified: info.email_verified,
            name: claims.name ?? info.name,
          };
        }
      } catch (error) {
        const detail = error instanceof Error ? ` (${error.message})` : '';
        throw ssoFailed(`Single sign-on did not complete${detail}; start again.`, error);
      }
      if (claims === undefined) throw ssoFailed('The provider sent no ID token; start again.');
      const email = typeof claims.email === 'string' ? claims.email : undefined;
      const name = typeof claims.name === 'string' ? claims.name : undefined;
      return {
        issuer: String(claims.iss),
        subject: String(claims.sub),
        ...(email === undefined ? {} : { email }),
        emailVerified: claims.email_verified === true,
        ...(name === undefined ? {} : { name }),
      };
    },
  };
}
