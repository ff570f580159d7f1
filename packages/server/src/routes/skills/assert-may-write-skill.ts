import type { Store, StoredSkill } from '@skillset/store';
import { authorizeSkillWrite, type SkillWriteAction } from './authorize-skill-write.ts';
import { reviewWriteMode } from './review-write-mode.ts';
import type { SkillCaller } from './skill-caller.ts';

/**
 * Refuses (403 `forbidden`) a write to an existing skill the caller may not make: by role and
 * policy, and a switch or delete that review reserves for reviewers.
 */
export async function assertMayWriteSkill(
  store: Store,
  caller: SkillCaller,
  skill: StoredSkill,
  action: Exclude<SkillWriteAction, 'create'>,
): Promise<void> {
  await authorizeSkillWrite({
    store,
    caller,
    action,
    name: skill.name,
    scope: skill.scope,
    ownerUserId: skill.ownerUserId,
    manifest: skill.manifest,
  });
  if (action !== 'edit') await reviewWriteMode(store, caller, skill.scope, action);
}
