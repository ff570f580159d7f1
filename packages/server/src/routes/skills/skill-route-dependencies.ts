import type { PolicyEnvironment, RankerData } from '@skillset/core';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';

/** What the skill routes share: the app's dependencies, the runtime and the eligibility environment. */
export interface SkillRouteDependencies extends AppDependencies {
  environment: PolicyEnvironment;
  runtime: SkillRuntime;
  /** The ranker's synonyms and word vectors, loaded on the first search. */
  ranker(): RankerData;
}
