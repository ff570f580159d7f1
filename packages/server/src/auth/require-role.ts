import { hasRole, type WorkspaceRole } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import { forbiddenError } from './forbidden-error.ts';

/** A signed-in user, as the auth middleware sets it. */
export type UserPrincipal = Extract<RequestPrincipal, { kind: 'user' }>;

/** An agent, as the auth middleware sets it. */
export type AgentPrincipal = Extract<RequestPrincipal, { kind: 'agent' }>;

/** Refuses agent tokens with 403: `what` names the action, e.g. "manage members". */
export function requireUser(principal: RequestPrincipal, what: string): UserPrincipal {
  if (principal.kind !== 'user') {
    throw forbiddenError(`Agent tokens cannot ${what}; use a user token.`);
  }
  return principal;
}

/**
 * Refuses with 403 unless the principal is a user whose role in its workspace is at least
 * `minimum` (owner > admin > member > viewer); agents never pass.
 */
export function requireRole(
  principal: RequestPrincipal,
  minimum: WorkspaceRole,
  what = 'do this',
): UserPrincipal {
  const user = requireUser(principal, what);
  assertRole(user.role, minimum, what);
  return user;
}

/** Refuses with 403 unless `role` is at least `minimum`. */
export function assertRole(role: WorkspaceRole, minimum: WorkspaceRole, what = 'do this'): void {
  if (!hasRole(role, minimum)) {
    throw forbiddenError(
      `Your role "${role}" cannot ${what}; it needs "${minimum}" or stronger (owner > admin > member > viewer).`,
    );
  }
}
