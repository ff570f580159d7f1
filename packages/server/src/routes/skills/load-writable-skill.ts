import type { StoredSkill, StoredSkillScope } from '@skillset/store';
import type { RequestPrincipal } from '../../app/app-env.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { assertMayWriteSkill } from './assert-may-write-skill.ts';
import type { SkillWriteAction } from './authorize-skill-write.ts';
import { findSkill } from './find-skill.ts';
import { resolveSkillCaller, type SkillCaller } from './skill-caller.ts';

/** Options for {@link loadWritableSkill}. */
export interface LoadWritableSkillOptions {
  runtime: SkillRuntime;
  principal: RequestPrincipal;
  name: string;
  /** The scope the request names (`?scope=`); without it, the visible winner by precedence. */
  scope?: StoredSkillScope | undefined;
  /** The write about to be made to an existing skill. */
  action: Exclude<SkillWriteAction, 'create'>;
}

/** The caller and the skill they may change. */
export interface LoadWritableSkillResult {
  caller: SkillCaller;
  skill: StoredSkill;
}

/**
 * Resolves the caller, finds the skill they see (404 `skill_not_found`) and refuses a write they
 * may not make (403 `forbidden`, also a switch or delete that review reserves for reviewers): the
 * prelude of every route that changes an existing skill.
 */
export async function loadWritableSkill(
  options: LoadWritableSkillOptions,
): Promise<LoadWritableSkillResult> {
  const { runtime, name, scope, action } = options;
  const { store } = runtime;
  const caller = await resolveSkillCaller(runtime, options.principal);
  const skill = await findSkill({ store, caller, name, scope, forManage: true });
  await assertMayWriteSkill(store, caller, skill, action);
  return { caller, skill };
}
