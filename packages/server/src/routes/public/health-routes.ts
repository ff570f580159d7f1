import { createRoute, z } from '@hono/zod-openapi';
import { listPendingMigrations } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { errorResponse } from '../../http/error-response.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import { jsonResponse } from '../admin/json-body.ts';

const tags = ['health'];
const statusSchema = z.object({ status: z.literal('ok') }).openapi('HealthStatus');

/** How long `/readyz` waits for the database before it answers 503. */
export const READINESS_TIMEOUT_MS = 2_000;

const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags,
  summary: 'Liveness: the process answers (no database access, no authentication)',
  security: [],
  responses: { 200: jsonResponse(statusSchema, 'The process is alive') },
});

const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags,
  summary:
    'Readiness: the database answers and every migration is applied (no authentication, no data)',
  security: [],
  responses: {
    200: jsonResponse(statusSchema, 'Ready to serve'),
    503: jsonErrorResponse(
      'Not ready: the database is unreachable (store_unavailable) or migrations are pending (migrations_pending)',
    ),
  },
});

/** Why the store is not ready, or undefined when it is. */
async function findReadinessProblem({ store, logger }: AppDependencies) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)),
      READINESS_TIMEOUT_MS,
    );
  });
  try {
    const pending = await Promise.race([listPendingMigrations(store.database), timeout]);
    if (pending.length === 0) return undefined;
    return {
      code: 'migrations_pending' as const,
      message: `The database lacks ${pending.length} migration(s) (${pending.join(', ')}); restart the server, which applies them.`,
    };
  } catch (error) {
    // The probe is public: the driver's message (hosts, ports) goes to the log only.
    logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      'readiness check failed',
    );
    return {
      code: 'store_unavailable' as const,
      message: 'The database is unreachable; the server log has the error.',
    };
  } finally {
    clearTimeout(timer);
  }
}

/** Registers `/healthz` and `/readyz`, public probes for supervisors and load balancers. */
export function registerHealthRoutes(app: ApiApp, dependencies: AppDependencies) {
  app.openapi(healthz, (context) => {
    context.header('cache-control', 'no-store');
    return context.json({ status: 'ok' as const }, 200);
  });
  app.openapi(readyz, async (context) => {
    context.header('cache-control', 'no-store');
    const problem = await findReadinessProblem(dependencies);
    return problem === undefined
      ? context.json({ status: 'ok' as const }, 200)
      : (errorResponse(context, problem.code, problem.message) as never);
  });
}
