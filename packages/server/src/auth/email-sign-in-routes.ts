import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../app/api-app.ts';
import type { AppDependencies } from '../app/app-dependencies.ts';
import { jsonErrorResponse } from '../http/error-responses.ts';
import { loggableError } from '../http/loggable-error.ts';
import { signInMail } from '../identity/identity-mail.ts';
import { linkOrigin } from '../identity/identity-services.ts';
import { mailNotConfigured } from '../identity/mail-not-configured.ts';

const signInMethodsSchema = z
  .object({
    email: z
      .boolean()
      .openapi({ description: 'A sign-in link can be mailed to a verified address' }),
    sso: z
      .object({ label: z.string(), url: z.string() })
      .nullable()
      .openapi({ description: 'Single sign-on: the provider’s name and where to start' }),
  })
  .openapi('SignInMethods');

const getSignInMethods = createRoute({
  method: 'get',
  path: '/api/session/methods',
  tags: ['session'],
  summary: 'How people can sign in to this server: by mailed link, by single sign-on',
  security: [],
  responses: {
    200: {
      description: 'The sign-in methods',
      content: { 'application/json': { schema: signInMethodsSchema } },
    },
  },
});

const emailSignInSchema = z.strictObject({
  email: z.string().trim().email().max(320),
});

const requestEmailSignIn = createRoute({
  method: 'post',
  path: '/api/session/email',
  tags: ['session'],
  summary:
    'Mail a one-time sign-in link to an account’s verified address; the answer is the same whether or not such an account exists',
  security: [],
  request: {
    body: { content: { 'application/json': { schema: emailSignInSchema } }, required: true },
  },
  responses: {
    202: {
      description: 'If an account proved this address, a link is on its way',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true) }) } },
    },
    400: jsonErrorResponse('Not an email address'),
    403: jsonErrorResponse('A foreign Origin (origin_not_allowed)'),
    413: jsonErrorResponse('The request body is too large'),
    503: jsonErrorResponse('The server sends no mail (mail_not_configured)'),
  },
});

/** Registers the sign-in methods and the mailed sign-in link; both run before authentication. */
export function registerEmailSignInRoutes(
  app: ApiApp,
  { store, identity, logger }: AppDependencies,
) {
  app.openapi(getSignInMethods, (context) =>
    context.json(
      {
        email: identity?.mailer !== undefined,
        sso:
          identity?.sso === undefined
            ? null
            : { label: identity.sso.client.label, url: '/auth/sso' },
      },
      200,
    ),
  );

  app.openapi(requestEmailSignIn, async (context) => {
    const mailer = identity?.mailer;
    if (mailer === undefined) throw mailNotConfigured('mail sign-in links');
    const { email } = context.req.valid('json');
    // Only an account that proved the address gets a link: an unverified claim could be anyone's.
    const user = await store.users.getByVerifiedEmail(email);
    if (user?.email != null) {
      const { code, expiresAt } = await store.signInCodes.create({
        userId: user.id,
        provesEmail: user.email,
      });
      const url = `${linkOrigin(context, identity)}/sign-in?code=${code}`;
      // Not awaited: the answer takes as long whether or not the address has an account.
      mailer.send(signInMail({ to: user.email, url, expiresAt })).catch((error: unknown) => {
        logger.warn({ err: loggableError(error) }, 'sign-in mail not sent');
      });
    }
    return context.json({ ok: true as const }, 202);
  });
}
