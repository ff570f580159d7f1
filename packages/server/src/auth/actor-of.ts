import type { Actor } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';

/** The audit-log actor of a request: the user or the agent behind the token. */
export function actorOf(principal: RequestPrincipal): Actor {
  return principal.kind === 'user'
    ? { kind: 'user', id: principal.userId }
    : { kind: 'agent', id: principal.agentId };
}
