import { OpenAPIHono } from '@hono/zod-openapi';
import { authenticateRequest } from '../auth/authenticate-request.ts';
import { registerEmailSignInRoutes } from '../auth/email-sign-in-routes.ts';
import { requireSameOrigin } from '../auth/require-same-origin.ts';
import { registerSessionRoutes } from '../auth/session-routes.ts';
import { createLazyChatService } from '../chat/lazy-chat-service.ts';
import { compressJson } from '../http/compress-json.ts';
import { errorResponse } from '../http/error-response.ts';
import { createApiErrorHandler } from '../http/handle-api-error.ts';
import { limitSignInAttempts } from '../http/limit-sign-in-attempts.ts';
import { originInfo } from '../http/request-origin-info.ts';
import { isLoopbackHostname, requireLoopbackHost } from '../http/require-loopback-host.ts';
import { routeBodyLimit } from '../http/route-body-limit.ts';
import { securityHeaders } from '../http/security-headers.ts';
import { validationHook } from '../http/validation-hook.ts';
import { registerAdminRoutes } from '../routes/admin/register-admin-routes.ts';
import { registerChatRoutes } from '../routes/chat/chat-routes.ts';
import { registerInstanceBackupRoute } from '../routes/operator/instance-backup-route.ts';
import { registerHealthRoutes } from '../routes/public/health-routes.ts';
import { registerInvitationLinkRoutes } from '../routes/public/invitation-link-routes.ts';
import { registerMyInvitationRoutes } from '../routes/public/my-invitation-routes.ts';
import { isRuntimeHotPath } from '../routes/runtime/is-runtime-hot-path.ts';
import { readOwnWrites } from '../routes/runtime/read-own-writes.ts';
import { registerRuntimeRoutes } from '../routes/runtime/register-runtime-routes.ts';
import { registerSkillRoutes } from '../routes/skills/register-skill-routes.ts';
import { createSkillRuntime } from '../runtime/skill-runtime.ts';
import { registerWebRoutes } from '../web/register-web-routes.ts';
import { createWebAppHandler, DEFAULT_WEB_DIR } from '../web/serve-web-app.ts';
import { registerSsoRoutes } from '../web/sso-routes.ts';
import type { AppDependencies } from './app-dependencies.ts';
import type { AppEnv } from './app-env.ts';

/** The writes that sign someone in: a foreign Origin is refused there even without a cookie. */
function isSignInPath(path: string): boolean {
  return (
    path === '/api/session' ||
    path === '/api/session/email' ||
    /^\/api\/invitations\/[^/]+\/accept$/.test(path) ||
    /^\/invite\/[^/]+$/.test(path)
  );
}

/** Requests that try a code or ask for a mail: rate-limited per client address. */
function isSignInAttempt(method: string, path: string): boolean {
  if (method === 'GET') {
    return (
      path === '/sign-in' ||
      path === '/auth/sso/callback' ||
      /^\/api\/invitations\/[^/]+$/.test(path)
    );
  }
  if (method !== 'POST') return false;
  return isSignInPath(path) || /^\/api\/me\/invitations\/[^/]+\/accept$/.test(path);
}

/** Builds the HTTP application: public routes, then authentication, then every API route. */
export function createApp(dependencies: AppDependencies): OpenAPIHono<AppEnv> {
  const { store, logger, maxBodyBytes } = dependencies;
  const runtime =
    dependencies.runtime ??
    createSkillRuntime({
      store,
      logger,
      ...(dependencies.mcpSourcePolicy === undefined
        ? {}
        : { mcpSourcePolicy: dependencies.mcpSourcePolicy }),
    });
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.onError(createApiErrorHandler(logger));
  const webApp = createWebAppHandler({ webDir: dependencies.webDir ?? DEFAULT_WEB_DIR });
  app.notFound(
    async (context) =>
      (await webApp(context)) ??
      errorResponse(
        context,
        'not_found',
        `No route for ${context.req.method} ${context.req.path}; the API is described at /api/openapi.json.`,
      ),
  );
  app.use('*', originInfo(dependencies.trustProxy === true));
  app.use('*', securityHeaders());
  app.use('/api/*', compressJson());
  if (dependencies.listenHost !== undefined && isLoopbackHostname(dependencies.listenHost)) {
    app.use('*', requireLoopbackHost(dependencies.identity?.publicUrl));
  }
  app.use('*', requireSameOrigin({ signInPaths: isSignInPath }));
  // Before any route or authentication: small for sign-in, large only for skill content.
  app.use('*', routeBodyLimit({ isSignInPath, maxSkillContentBytes: maxBodyBytes }));
  app.use('*', limitSignInAttempts(isSignInAttempt));

  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
  });
  app.doc31('/api/openapi.json', {
    openapi: '3.1.0',
    info: { title: 'Skillset API', version: '0.1.0' },
    security: [{ bearer: [] }],
  });
  registerHealthRoutes(app, dependencies);
  registerSessionRoutes(app, dependencies);
  registerEmailSignInRoutes(app, dependencies);
  registerInvitationLinkRoutes(app, dependencies);
  registerMyInvitationRoutes(app, dependencies);
  registerWebRoutes(app, dependencies);
  registerSsoRoutes(app, dependencies);

  const authenticate = authenticateRequest(store);
  // Before authentication: the operator secret is no token; every other caller is refused.
  registerInstanceBackupRoute(app, dependencies, authenticate);
  const authenticateCached = authenticateRequest(runtime.authStore);
  app.use('/api/*', (context, next) =>
    isRuntimeHotPath(context.req.method, context.req.path)
      ? authenticateCached(context, next)
      : authenticate(context, next),
  );
  app.use('/api/*', readOwnWrites(runtime));
  registerAdminRoutes(app, dependencies);
  const chat = createLazyChatService(runtime, dependencies.chat);
  registerSkillRoutes(app, { ...dependencies, runtime }, chat);
  registerRuntimeRoutes(app, { ...dependencies, runtime });
  registerChatRoutes(app, chat);
  return app;
}
