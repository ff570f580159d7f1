import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app/app-env.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { isRuntimeHotPath } from './is-runtime-hot-path.ts';

/**
 * After any write through the API (skills, agents, rules, members, tokens, workspace settings),
 * drops the runtime's cached policies and tokens and, when the write succeeded, answers only once
 * the change feed has brought its changes to this instance's registries: the next request reads
 * the write, on PostgreSQL too, where the feed arrives on its own connection.
 */
export function readOwnWrites(runtime: SkillRuntime) {
  return createMiddleware<AppEnv>(async (context, next) => {
    await next();
    const { method, path } = context.req;
    if (method === 'GET' || method === 'HEAD' || isRuntimeHotPath(method, path)) return;
    runtime.forgetPolicies();
    if (context.res.status >= 400) return;
    await runtime.settle().catch((error: unknown) => {
      // The write is done; only its visibility on this instance may lag, as on any other.
      runtime.logger.warn({ err: error }, 'could not wait for the change feed after a write');
    });
  });
}
