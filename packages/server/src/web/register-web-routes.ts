import { SkillsetError } from '@skillset/core';
import type { Context, Hono } from 'hono';
import type { AppDependencies } from '../app/app-dependencies.ts';
import type { AppEnv } from '../app/app-env.ts';
import { acceptInvitation } from '../auth/accept-invitation.ts';
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
 * Registers the pages outside the API and the web UI: the one-time sign-in link and the
 * invitation page (a plain form: the CSP allows no inline scripts).
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

  app.get('/invite/:code', async (context) => {
    const code = context.req.param('code');
    const invitation = await store.invitations.findByCode(code);
    const workspace =
      invitation === undefined ? undefined : await store.workspaces.get(invitation.workspaceId);
    if (invitation === undefined || workspace === undefined) {
      return context.html(
        renderPage(
          'Invitation not valid',
          '<p>This invitation link is not valid; ask a workspace admin for a new invitation.</p>',
        ),
        404,
      );
    }
    if (invitation.status !== 'pending') {
      const state = {
        accepted: 'was already accepted',
        revoked: 'was revoked',
        expired: 'has expired',
      }[invitation.status];
      return context.html(
        renderPage(
          'Invitation closed',
          `<p>This invitation ${state}; ask a workspace admin for a new invitation.</p>`,
        ),
        410,
      );
    }
    const action = `/invite/${encodeURIComponent(code)}`;
    return context.html(
      renderPage(
        `Join ${workspace.name}`,
        `<p>You are invited to the workspace <strong>${escapeHtml(workspace.name)}</strong> as <strong>${escapeHtml(invitation.role)}</strong> (invitation for ${escapeHtml(invitation.email)}).</p>
<form method="post" action="${escapeHtml(action)}">
<p><label>Your name <input name="displayName" maxlength="100" autocomplete="name"></label></p>
<p><button type="submit">Join ${escapeHtml(workspace.name)}</button></p>
</form>
<p><small>Already have an account here? Sign in first, then open this link again: the name is then not needed.</small></p>`,
      ),
    );
  });

  app.post('/invite/:code', async (context) => {
    const code = context.req.param('code');
    const form = await context.req.parseBody();
    const displayName = typeof form.displayName === 'string' ? form.displayName : undefined;
    try {
      await acceptInvitation({
        store,
        context,
        code,
        ...(displayName === undefined || displayName.trim() === '' ? {} : { displayName }),
      });
      return context.redirect('/', 303);
    } catch (error) {
      return failurePage(context, 'Could not join', error);
    }
  });
}
