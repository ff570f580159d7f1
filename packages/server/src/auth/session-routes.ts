import { createRoute, z } from '@hono/zod-openapi';
import type { Store } from '@skillset/store';
import type { ApiApp } from '../app/api-app.ts';
import type { AppDependencies } from '../app/app-dependencies.ts';
import { jsonErrorResponse } from '../http/error-responses.ts';
import { exchangeSignInCode } from './exchange-sign-in-code.ts';
import { clearSessionCookie, readSessionCookie, setSessionCookie } from './session-cookie.ts';

const sessionRequestSchema = z.strictObject({
  code: z.string().min(1).max(200).openapi({
    description:
      'The one-time code of a sign-in link (`/sign-in?code=…`, printed on start and by `skillset sign-in-link`).',
  }),
});

const sessionSchema = z
  .object({
    user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
    expiresAt: z.string().openapi({ description: 'When the session ends unless signed out' }),
  })
  .openapi('Session');

const createSession = createRoute({
  method: 'post',
  path: '/api/session',
  tags: ['session'],
  summary: 'Exchange a one-time sign-in code for an httpOnly session cookie',
  security: [],
  request: {
    body: { content: { 'application/json': { schema: sessionRequestSchema } }, required: true },
  },
  responses: {
    200: {
      description: 'Signed in; the session cookie is set',
      content: { 'application/json': { schema: sessionSchema } },
    },
    400: jsonErrorResponse('Invalid request'),
    403: jsonErrorResponse(
      'A foreign Origin (origin_not_allowed), or a link an admin copied whose rule no longer holds (sign_in_link_not_allowed)',
    ),
    404: jsonErrorResponse('Unknown code (code_not_found)'),
    410: jsonErrorResponse('Used or expired code (code_used, code_expired)'),
    413: jsonErrorResponse('The request body is too large'),
  },
});

const deleteSession = createRoute({
  method: 'delete',
  path: '/api/session',
  tags: ['session'],
  summary:
    'Sign out: end the session on the server and clear the cookie; everywhere=true ends every session of its user, and with revokeTokens=true every token of theirs too',
  security: [],
  request: {
    query: z.object({
      everywhere: z
        .enum(['true', 'false'])
        .optional()
        .openapi({ param: { name: 'everywhere', in: 'query' } }),
      revokeTokens: z
        .enum(['true', 'false'])
        .optional()
        .openapi({ param: { name: 'revokeTokens', in: 'query' } }),
    }),
  },
  responses: {
    200: {
      description: 'Signed out (also when there was no session)',
      content: {
        'application/json': {
          schema: z.object({
            ok: z.literal(true),
            revokedTokens: z
              .number()
              .int()
              .openapi({ description: 'How many tokens were revoked' }),
          }),
        },
      },
    },
    403: jsonErrorResponse('Missing or foreign Origin (origin_not_allowed)'),
  },
});

async function revokeUserTokens(store: Store, userId: string): Promise<number> {
  const tokens = await store.tokens.list({ principalKind: 'user', principalId: userId });
  let revoked = 0;
  for (const token of tokens) {
    if (await store.tokens.revoke({ id: token.id, actor: { kind: 'user', id: userId } })) {
      revoked += 1;
    }
  }
  return revoked;
}

/** Registers sign-in (code → session) and sign-out (here or everywhere); both run before authentication. */
export function registerSessionRoutes(app: ApiApp, { store, signInDropDir }: AppDependencies) {
  app.openapi(createSession, async (context) => {
    const { code } = context.req.valid('json');
    const { secret, session } = await exchangeSignInCode({
      store,
      code,
      ...(signInDropDir === undefined ? {} : { signInDropDir }),
    });
    setSessionCookie(context, secret, session.expiresAt);
    const user = await store.users.get(session.userId);
    return context.json(
      {
        user: { id: session.userId, name: user?.name ?? '', email: user?.email ?? null },
        expiresAt: session.expiresAt.toISOString(),
      },
      200,
    );
  });
  app.openapi(deleteSession, async (context) => {
    const secret = readSessionCookie(context);
    const session = secret === undefined ? undefined : await store.sessions.authenticate(secret);
    const query = context.req.valid('query');
    let revokedTokens = 0;
    if (session !== undefined) {
      if (query.everywhere === 'true') {
        await store.sessions.revokeForUser(session.userId);
        if (query.revokeTokens === 'true') {
          revokedTokens = await revokeUserTokens(store, session.userId);
        }
      } else {
        await store.sessions.revoke(session.sessionId);
      }
    }
    clearSessionCookie(context);
    return context.json({ ok: true as const, revokedTokens }, 200);
  });
}
