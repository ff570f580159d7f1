import type { Store, StoredSkillScope } from '@skillset/store';
import { forbiddenError } from '../../auth/forbidden-error.ts';
import type { SkillCaller } from './skill-caller.ts';

/** A write to a skill's content, or a change of whether (or that) it is served. */
export type ReviewedAction = 'content' | 'switch' | 'delete';

/** True when the workspace's changes to its skills wait for a reviewer (the `review` setting). */
export async function isReviewRequired(store: Store, workspaceId: string): Promise<boolean> {
  return (await store.workspaces.get(workspaceId))?.settings.review === 'required';
}

/**
 * Whether a write the caller may make lands as a proposal (decision 0148): with review required, a
 * person's change to a workspace skill's content is proposed; switching one off or on and deleting
 * one is for those who may publish; agents change no workspace skill at all.
 */
export async function reviewWriteMode(
  store: Store,
  caller: SkillCaller,
  scope: StoredSkillScope,
  action: ReviewedAction,
): Promise<{ propose: boolean }> {
  const { principal } = caller;
  if (scope !== 'workspace' || !(await isReviewRequired(store, principal.workspaceId))) {
    return { propose: false };
  }
  if (principal.kind !== 'user') {
    throw forbiddenError(
      'This workspace requires review: agents do not change its skills. A person proposes the change (the web, or skillset push) and a reviewer publishes it.',
    );
  }
  if (action === 'content') return { propose: true };
  if (!(await store.members.mayReview(principal.workspaceId, principal.userId))) {
    throw forbiddenError(
      `This workspace requires review: only admins and reviewers may ${action === 'delete' ? 'delete' : 'switch on or off'} its skills. Ask one of them.`,
    );
  }
  return { propose: false };
}
