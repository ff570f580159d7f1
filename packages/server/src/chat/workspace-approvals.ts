import type { RememberedApprovals } from '@skillset/core';
import type { ApprovalsRepository } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';

/** Whose remembered approvals: `user:<id>` for a person, `agent:<id>` for an agent's turns. */
export function approvalPrincipalOf(principal: RequestPrincipal): string {
  return principal.kind === 'user' ? `user:${principal.userId}` : `agent:${principal.agentId}`;
}

/** The remembered approvals of one principal in its workspace, kept in the store. */
export function workspaceApprovals(
  repository: ApprovalsRepository,
  principal: RequestPrincipal,
): RememberedApprovals {
  const scope = { workspaceId: principal.workspaceId, principal: approvalPrincipalOf(principal) };
  return {
    find: (key) => repository.find({ ...scope, ...key }),
    save: (key, digest) => repository.save({ ...scope, ...key }, digest),
    remove: (key) => repository.remove({ ...scope, ...key }),
  };
}
