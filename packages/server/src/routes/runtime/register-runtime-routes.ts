import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';

/** Registers the routes for what agents call (commands, prompt, invoke, reload), usage, audit, events and /mcp. */
export function registerRuntimeRoutes(_app: ApiApp, _dependencies: AppDependencies) {}
