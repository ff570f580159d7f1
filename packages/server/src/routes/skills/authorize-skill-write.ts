import type { SkillManifest } from '@skillset/core';
import type { Store, StoredSkillScope } from '@skillset/store';
import { assertCanManage } from '../../auth/assert-can-manage.ts';
import type { SkillCaller } from './skill-caller.ts';

/** What a write does: make a skill, change its content, switch it on or off, or delete it. */
export type SkillWriteAction = 'create' | 'edit' | 'switch' | 'delete';

/** Options for {@link authorizeSkillWrite}. */
export interface AuthorizeSkillWriteOptions {
  store: Store;
  caller: SkillCaller;
  action: SkillWriteAction;
  name: string;
  scope: StoredSkillScope;
  manifest?: SkillManifest;
  /** The owner of a personal skill (absent when creating: the caller becomes the owner). */
  ownerUserId?: string | null;
  enabled?: boolean;
}

/**
 * Refuses a skill write the caller may not make (403 `forbidden`) with the server's
 * `assertCanManage`; besides, an instance admin may switch a built-in skill on or off.
 */
export async function authorizeSkillWrite(options: AuthorizeSkillWriteOptions): Promise<void> {
  const { caller, action, scope } = options;
  const { principal } = caller;
  if (action === 'switch' && scope === 'builtin' && principal.kind === 'user') {
    if (principal.instanceAdmin) return;
  }
  await assertCanManage({
    store: options.store,
    principal,
    ...(caller.scope === undefined ? {} : { scope: caller.scope }),
    skill: {
      scope,
      name: options.name,
      ...(options.manifest === undefined ? {} : { manifest: options.manifest }),
      ...(options.ownerUserId === undefined ? {} : { ownerUserId: options.ownerUserId }),
      ...(options.enabled === undefined ? {} : { enabled: options.enabled }),
    },
  });
}
