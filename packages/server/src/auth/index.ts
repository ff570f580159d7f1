export { actorOf } from './actor-of.ts';
export {
  type AssertCanManageOptions,
  assertCanManage,
  type ManagedSkill,
} from './assert-can-manage.ts';
export { authenticateRequest, WORKSPACE_HEADER } from './authenticate-request.ts';
export { forbiddenError } from './forbidden-error.ts';
export { notFoundError } from './not-found-error.ts';
export { readBearerToken } from './read-bearer-token.ts';
export {
  type AgentPrincipal,
  assertRole,
  requireRole,
  requireUser,
  type UserPrincipal,
} from './require-role.ts';
export { isSameOrigin, requireSameOrigin } from './require-same-origin.ts';
export { resolveWorkspaceRole, type WorkspaceStanding } from './resolve-workspace-role.ts';
export {
  clearSessionCookie,
  readSessionCookie,
  SESSION_COOKIE,
  setSessionCookie,
} from './session-cookie.ts';
