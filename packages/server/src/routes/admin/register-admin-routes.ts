import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { registerAgentRoutes } from './agent-routes.ts';
import { registerInvitationRoutes } from './invitation-routes.ts';
import { registerMeRoute } from './me-route.ts';
import { registerMemberRoutes } from './member-routes.ts';
import { registerPermissionRoutes } from './permission-routes.ts';
import { registerSecretRoutes } from './secret-routes.ts';
import { registerTokenRoutes } from './token-routes.ts';
import { registerWorkspaceRoutes } from './workspace-routes.ts';

/** Registers the routes for workspaces, members, invitations, agents, tokens, permission rules and secrets. */
export function registerAdminRoutes(app: ApiApp, dependencies: AppDependencies) {
  registerMeRoute(app, dependencies);
  registerWorkspaceRoutes(app, dependencies);
  registerMemberRoutes(app, dependencies);
  registerInvitationRoutes(app, dependencies);
  registerAgentRoutes(app, dependencies);
  registerTokenRoutes(app, dependencies);
  registerPermissionRoutes(app, dependencies);
  registerSecretRoutes(app, dependencies);
}
