import type { PolicyEnvironment } from '@skillset/core';
import type { AppDependencies } from '../../app/app-dependencies.ts';

/** What the skill routes share: the app's dependencies and the server's eligibility environment. */
export interface SkillRouteDependencies extends AppDependencies {
  environment: PolicyEnvironment;
}
