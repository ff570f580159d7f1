import { createNodePolicyEnvironment, loadRankerData } from '@skillset/core/node';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import type { ChatService } from '../../chat/create-chat-service.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { registerCreateSkillRoutes } from './create-skill-routes.ts';
import { registerListSkillsRoute } from './list-skills-route.ts';
import { registerReviewRoutes } from './review-routes.ts';
import { registerSkillDetailRoute } from './skill-detail-route.ts';
import { registerSkillEvalRoutes } from './skill-eval-routes.ts';
import { registerSkillFileRoutes } from './skill-file-routes.ts';
import { registerSkillLifecycleRoutes } from './skill-lifecycle-routes.ts';
import type { SkillRouteDependencies } from './skill-route-dependencies.ts';
import { registerSkillVersionRoutes } from './skill-version-routes.ts';
import { registerUpdateSkillRoutes } from './update-skill-routes.ts';
import { registerUploadSkillVersionRoute } from './upload-skill-version-route.ts';
import { registerValidateSkillRoute } from './validate-skill-route.ts';

/** Registers the routes for skills: list, create, upload, detail, update, versions, files, download, validate, eval. */
export function registerSkillRoutes(
  app: ApiApp,
  dependencies: AppDependencies & { runtime: SkillRuntime },
  chat: ChatService,
) {
  const skillDependencies: SkillRouteDependencies = {
    ...dependencies,
    environment: createNodePolicyEnvironment(),
    ranker: loadRankerData,
  };
  registerListSkillsRoute(app, skillDependencies);
  registerCreateSkillRoutes(app, skillDependencies);
  registerValidateSkillRoute(app, skillDependencies);
  registerSkillDetailRoute(app, skillDependencies);
  registerUpdateSkillRoutes(app, skillDependencies);
  registerUploadSkillVersionRoute(app, skillDependencies);
  registerSkillLifecycleRoutes(app, skillDependencies);
  registerSkillVersionRoutes(app, skillDependencies);
  registerSkillFileRoutes(app, skillDependencies);
  registerSkillEvalRoutes(app, skillDependencies, chat);
  registerReviewRoutes(app, skillDependencies);
}
