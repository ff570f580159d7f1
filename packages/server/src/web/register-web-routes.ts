import type { Hono } from 'hono';
import type { AppDependencies } from '../app/app-dependencies.ts';
import type { AppEnv } from '../app/app-env.ts';
import { setSessionCookie } from '../auth/set-session-cookie.ts';

/** Registers the pages outside the API: the sign-in link printed on first start. */
export function registerWebRoutes(app: Hono<AppEnv>, { store }: AppDependencies) {
  app.get('/sign-in', async (context) => {
    const token = context.req.query('token') ?? '';
    const principal = token === '' ? undefined : await store.tokens.authenticate(token);
    if (principal?.kind !== 'user') {
      return context.html('<p>This sign-in link is not valid. Ask an owner for a token.</p>', 401);
    }
    setSessionCookie(context, token);
    return context.redirect('/', 303);
  });
}
