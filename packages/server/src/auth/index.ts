export { actorOf } from './actor-of.ts';
export {
  type AssertCanManageOptions,
  assertCanManage,
  decideAgentManage,
  type ManagedSkill,
} from './assert-can-manage.ts';
export { authenticateRequest, WORKSPACE_HEADER } from './authenticate-request.ts';
export { forbiddenError } from './forbidden-error.ts';
export { notFoundError } from './not-found-error.ts';
export { readRequestToken, SESSION_COOKIE } from './read-request-token.ts';
export {
  type AgentPrincipal,
  assertRole,
  requireRole,
  requireUser,
  type UserPrincipal,
} from './require-role.ts';
export { resolveWorkspaceRole, type WorkspaceStanding } from './resolve-workspace-role.ts';
