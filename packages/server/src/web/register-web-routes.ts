import type { Hono } from 'hono';
import type { AppDependencies } from '../app/app-dependencies.ts';
import type { AppEnv } from '../app/app-env.ts';
import { setSessionCookie } from '../auth/set-session-cookie.ts';

const homePage = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Skillset</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 3rem auto">
<h1>Skillset</h1>
<p>The skills server is running. The API is described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
</body></html>`;

/** Registers the pages outside the API: the home page and the sign-in link printed on first start. */
export function registerWebRoutes(app: Hono<AppEnv>, { store }: AppDependencies) {
  app.get('/', (context) => context.html(homePage));
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
