import { SkillsetError } from '@skillset/core';
import type { Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { AppDependencies } from '../app/app-dependencies.ts';
import type { AppEnv } from '../app/app-env.ts';
import { findSignedInUser } from '../auth/find-signed-in-user.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { ERROR_STATUS, isServerErrorCode } from '../http/error-status.ts';
import { originInfoOf } from '../http/request-origin-info.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { completeSsoSignIn } from '../identity/complete-sso-sign-in.ts';
import type { SsoChecks } from '../identity/sso-client.ts';
import { escapeHtml, renderPage } from './render-page.ts';

/** The short-lived cookie that carries state, nonce and PKCE verifier to the callback. */
const SSO_COOKIE = 'skillset_sso';
const SSO_PATH = '/auth/sso';

function readChecks(context: Context): SsoChecks | undefined {
  const value = getCookie(context, SSO_COOKIE);
  if (value === undefined) return undefined;
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as SsoChecks;
    const complete = [parsed.state, parsed.nonce, parsed.verifier].every(
      (part) => typeof part === 'string' && part !== '',
    );
    return complete ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function failurePage(context: Context, error: unknown) {
  if (!SkillsetError.isInstance(error) || !isServerErrorCode(error.code)) throw error;
  const status = ERROR_STATUS[error.code];
  if (status >= 500 && error.code !== 'sso_failed') throw error;
  return context.html(
    renderPage(
      'Single sign-on failed',
      `<p>${escapeHtml(error.message)}</p><p><a href="/">Back to Skillset</a></p>`,
    ),
    status,
  );
}

/**
 * Registers single sign-on with the configured OpenID Connect provider: `/auth/sso` redirects to
 * it (authorization code with PKCE, state and nonce), `/auth/sso/callback` verifies the answer and
 * signs the browser in with a session cookie.
 */
export function registerSsoRoutes(app: Hono<AppEnv>, { store, identity }: AppDependencies) {
  app.get(SSO_PATH, async (context) => {
    const sso = identity?.sso;
    try {
      if (sso === undefined) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'sso_not_configured',
          message:
            'This server has no single sign-on; set SKILLSET_OIDC_ISSUER and SKILLSET_OIDC_CLIENT_ID.',
        });
      }
      const { url, checks } = await sso.client.start();
      setCookie(context, SSO_COOKIE, Buffer.from(JSON.stringify(checks)).toString('base64url'), {
        httpOnly: true,
        sameSite: 'Lax',
        path: SSO_PATH,
        secure: originInfoOf(context).secure,
        maxAge: 600,
      });
      return context.redirect(url.href, 302);
    } catch (error) {
      return failurePage(context, error);
    }
  });

  app.get(`${SSO_PATH}/callback`, async (context) => {
    const sso = identity?.sso;
    const checks = readChecks(context);
    deleteCookie(context, SSO_COOKIE, { path: SSO_PATH });
    try {
      if (sso === undefined) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'sso_not_configured',
          message: 'This server has no single sign-on.',
        });
      }
      if (checks === undefined) {
        throw new SkillsetError<ServerErrorCode>({
          code: 'sso_failed',
          message: 'The sign-on took too long or started in another browser; start again.',
        });
      }
      const callback = new URL(context.req.url);
      const publicUrl = identity?.publicUrl;
      const current =
        publicUrl === undefined
          ? callback
          : new URL(`${callback.pathname}${callback.search}`, publicUrl);
      const claims = await sso.client.finish(current, checks);
      const signedIn = await findSignedInUser(store, context);
      const { userId } = await completeSsoSignIn({
        store,
        config: sso.config,
        claims,
        ...(signedIn === undefined ? {} : { signedInUserId: signedIn.userId }),
      });
      const { secret, session } = await store.sessions.create({ userId });
      setSessionCookie(context, secret, session.expiresAt);
      return context.redirect('/', 303);
    } catch (error) {
      return failurePage(context, error);
    }
  });
}
