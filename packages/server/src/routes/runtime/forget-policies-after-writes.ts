import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../../app/app-env.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { isRuntimeHotPath } from './is-runtime-hot-path.ts';

/**
 * After any write through the API (agents, rules, members, tokens, workspace settings), drops the
 * runtime's cached policies and tokens, so this instance reads its own writes at once.
 */
export function forgetPoliciesAfterWrites(runtime: SkillRuntime) {
  return createMiddleware<AppEnv>(async (context, next) => {
    await next();
    const { method, path } = context.req;
    if (method === 'GET' || method === 'HEAD' || isRuntimeHotPath(method, path)) return;
    runtime.forgetPolicies();
  });
}
