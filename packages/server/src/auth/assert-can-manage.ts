import type { SkillManifest } from '@skillset/core';
import type { Store, StoredSkillScope } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import type { RuntimeScope } from '../runtime/skill-runtime.ts';
import { storedSkillSubject } from '../runtime/stored-skill-subject.ts';
import { assertManageRole } from './assert-manage-role.ts';
import { forbiddenError } from './forbidden-error.ts';

/** The skill to change or create; a `StoredSkill` fits as it is. */
export interface ManagedSkill {
  scope: StoredSkillScope;
  /** The manifest, or just the name for a skill not parsed yet. */
  manifest?: SkillManifest;
  name?: string;
  /** The owner of a personal skill. */
  ownerUserId?: string | null;
  enabled?: boolean;
}

/** Options for {@link assertCanManage}. */
export interface AssertCanManageOptions {
  store: Store;
  principal: RequestPrincipal;
  skill: ManagedSkill;
  /** An agent's policy and gate (`runtime.open(principal)`); required for agents. */
  scope?: RuntimeScope;
}

function skillName(skill: ManagedSkill): string {
  const name = skill.manifest?.name ?? skill.name;
  if (name === undefined) throw new TypeError('assertCanManage needs a manifest or a name');
  return name;
}

/**
 * Refuses with 403 unless the principal may create or change the skill: manage rights come from
 * roles only. Users need `member` or stronger for workspace and their own personal skills and
 * instance admin for public ones; agents need the `member` role (and so does the user they act
 * for), and then a `deny` or `ask` rule on `manage` still refuses — an `allow` rule grants nothing.
 * Built-in skills are read-only for everyone.
 */
export async function assertCanManage(options: AssertCanManageOptions): Promise<void> {
  const { principal, skill } = options;
  const name = skillName(skill);
  await assertManageRole({
    store: options.store,
    principal,
    scope: skill.scope,
    name,
    ...(skill.ownerUserId === undefined ? {} : { ownerUserId: skill.ownerUserId }),
  });
  if (principal.kind === 'user') return;
  if (options.scope === undefined) throw new TypeError('assertCanManage needs an agent’s scope');
  const decision = options.scope.gate.decideSubject(storedSkillSubject(skill), 'api_manage');
  const last = decision.reasons.at(-1);
  if (!decision.allowed) {
    throw forbiddenError(
      `This agent may not manage "${name}": ${last?.message ?? 'refused by policy.'}`,
    );
  }
  if (decision.requiresApproval) {
    throw forbiddenError(
      `Managing "${name}" needs a person's approval (an "ask" rule on "manage"); ask a workspace member to make the change.`,
    );
  }
}
