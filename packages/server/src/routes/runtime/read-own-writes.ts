import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app/app-env.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { isRuntimeHotPath } from './is-runtime-hot-path.ts';

/**
 * After a successful write through the API (skills, agents, rules, members, tokens, workspace
 * settings), answers only once the change feed has brought its changes to this instance: its
 * access changes have dropped the policies and tokens they concern and its skill changes have
 * reloaded the registries, so the next request reads the write, on PostgreSQL too, where the feed
 * arrives on its own connection.
 */
export function readOwnWrites(runtime: SkillRuntime) {
  return createMiddleware<AppEnv>(async (context, next) => {
    await next();
    const { method, path } = context.req;
    if (method === 'GET' || method === 'HEAD' || isRuntimeHotPath(method, path)) return;
    if (context.res.status >= 400) return;
    await runtime.settle().catch((error: unknown) => {
      // The write is done; only its visibility on this instance may lag, as on any other.
      runtime.logger.warn({ err: error }, 'could not wait for the change feed after a write');
    });
  });
}
