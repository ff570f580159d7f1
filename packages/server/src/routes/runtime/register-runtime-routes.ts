import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { authenticateRequest } from '../../auth/authenticate-request.ts';
import { defaultConnectionLimits } from '../../config/connection-limits.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { registerDoctorRoute } from './doctor-route.ts';
import { registerEventsRoute } from './events-route.ts';
import { registerMcpProtectedResource } from './mcp-protected-resource.ts';
import { registerSkillRuntimeRoutes } from './skill-runtime-routes.ts';
import { registerSyncRoute } from './sync-route.ts';
import { registerUsageAuditRoutes } from './usage-audit-routes.ts';
import { registerUsageSummaryRoute } from './usage-summary-route.ts';

/** Registers the routes for what agents call (commands, prompt, invoke, reload, doctor, sync), usage, audit, events and /mcp. */
export function registerRuntimeRoutes(
  app: ApiApp,
  dependencies: AppDependencies & { runtime: SkillRuntime },
) {
  const { runtime } = dependencies;
  registerSkillRuntimeRoutes(app, runtime);
  registerDoctorRoute(app, runtime);
  registerSyncRoute(app, runtime);
  registerUsageAuditRoutes(app, runtime);
  registerUsageSummaryRoute(app, runtime);
  registerEventsRoute(app, runtime, {
    maxStreamsPerPrincipal: (dependencies.connectionLimits ?? defaultConnectionLimits())
      .maxEventStreamsPerPrincipal,
  });
  registerMcpProtectedResource(app);
  app.use('/mcp', authenticateRequest(runtime.authStore));
  app.all('/mcp', (context) => runtime.handleMcp(context.req.raw, context.var.principal));
}
