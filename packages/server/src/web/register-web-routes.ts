import { SkillsetError } from '@skillset/core';
import type { Context, Hono } from 'hono';
import type { AppDependencies } from '../app/app-dependencies.ts';
import type { AppEnv } from '../app/app-env.ts';
import { exchangeSignInCode } from '../auth/exchange-sign-in-code.ts';
import { setSessionCookie } from '../auth/session-cookie.ts';
import { ERROR_STATUS, isServerErrorCode } from '../http/error-status.ts';
import { escapeHtml, renderPage } from './render-page.ts';

/** Renders a known failure (a used or expired code, …) as a page with its status; rethrows others. */
function failurePage(context: Context, title: string, error: unknown) {
  if (!SkillsetError.isInstance(error) || !isServerErrorCode(error.code)) throw error;
  const status = ERROR_STATUS[error.code];
  if (status >= 500) throw error;
  return context.html(renderPage(title, `<p>${escapeHtml(error.message)}</p>`), status);
}

/**
 * Registers the page outside the API and the web UI: the one-time sign-in link. Invitation links
 * (`/invite/{code}`) are a page of the web UI, over the public invitation API.
 */
export function registerWebRoutes(app: Hono<AppEnv>, { store, signInDropDir }: AppDependencies) {
  app.get('/sign-in', async (context) => {
    const code = context.req.query('code') ?? '';
    if (code === '') {
      return context.html(
        renderPage(
          'Sign in',
          '<p>Open the sign-in link printed when the server starts, or run <code>skillset sign-in-link</code> for a new one.</p>',
        ),
        400,
      );
    }
    try {
      const { secret, session } = await exchangeSignInCode({
        store,
        code,
        ...(signInDropDir === undefined ? {} : { signInDropDir }),
      });
      setSessionCookie(context, secret, session.expiresAt);
      return context.redirect('/', 303);
    } catch (error) {
      return failurePage(context, 'Sign-in link not valid', error);
    }
  });
}
