import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import { deleteCookie } from 'hono/cookie';
import type { ApiApp } from '../app/api-app.ts';
import type { AppDependencies } from '../app/app-dependencies.ts';
import { apiErrorBodySchema } from '../http/api-error-body.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { SESSION_COOKIE } from './read-request-token.ts';
import { setSessionCookie } from './set-session-cookie.ts';

const sessionRequestSchema = z.strictObject({
  token: z
    .string()
    .min(1)
    .openapi({ description: 'A user token (e.g. the one printed on first start).' }),
});

const createSession = createRoute({
  method: 'post',
  path: '/api/session',
  tags: ['session'],
  summary: 'Exchange a token for an httpOnly session cookie (the web UI signs in this way)',
  security: [],
  request: {
    body: { content: { 'application/json': { schema: sessionRequestSchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Signed in; the cookie is set',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    401: {
      description: 'Unknown token',
      content: { 'application/json': { schema: apiErrorBodySchema } },
    },
  },
});

const deleteSession = createRoute({
  method: 'delete',
  path: '/api/session',
  tags: ['session'],
  summary: 'Sign out: clear the session cookie',
  security: [],
  responses: {
    200: {
      description: 'Signed out',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
  },
});

/** Registers sign-in and sign-out; both run before authentication. */
export function registerSessionRoutes(app: ApiApp, { store }: AppDependencies) {
  app.openapi(createSession, async (context) => {
    const { token } = context.req.valid('json');
    const principal = await store.tokens.authenticate(token);
    if (principal === undefined || principal.kind !== 'user') {
      throw new SkillsetError<ServerErrorCode>({
        code: 'unauthorized',
        message: 'That token is unknown, revoked, expired or not a user token; paste a user token.',
      });
    }
    setSessionCookie(context, token);
    return context.json({ ok: true as const }, 200);
  });
  app.openapi(deleteSession, (context) => {
    deleteCookie(context, SESSION_COOKIE, { path: '/' });
    return context.json({ ok: true as const }, 200);
  });
}
