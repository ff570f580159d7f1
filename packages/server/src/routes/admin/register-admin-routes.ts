import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';

/** Registers the routes for workspaces, members, agents, tokens and permission rules. */
export function registerAdminRoutes(_app: ApiApp, _dependencies: AppDependencies) {}
