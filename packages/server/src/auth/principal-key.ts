import type { RequestPrincipal } from '../app/app-env.ts';

/** A stable key of who is calling (`user:<id>` or `agent:<id>`), for per-principal caps. */
export function principalKey(principal: RequestPrincipal): string {
  return principal.kind === 'user' ? `user:${principal.userId}` : `agent:${principal.agentId}`;
}
