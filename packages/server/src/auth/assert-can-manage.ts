import { decide, type SkillManifest } from '@skillset/core';
import { hasRole, type Store, type StoredSkillScope } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import type { RuntimeScope } from '../runtime/skill-runtime.ts';
import { storedSkillSubject } from '../runtime/stored-skill-subject.ts';
import { forbiddenError } from './forbidden-error.ts';
import { type AgentPrincipal, assertRole } from './require-role.ts';

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

/** Refuses with 403 unless the agent holds the `member` role, and so does the user it acts for. */
async function assertAgentRole(
  store: Store,
  principal: AgentPrincipal,
  name: string,
): Promise<void> {
  const agent = await store.agents.get(principal.workspaceId, principal.agentId);
  if (agent?.settings.role !== 'member') {
    throw forbiddenError(
      `This agent's role is viewer, so it cannot manage "${name}"; an admin can give it the member role in its settings.`,
    );
  }
  const actsFor = principal.actsForUserId ?? agent.actsForUserId ?? undefined;
  if (actsFor === undefined) return;
  const role = await store.members.getRole(principal.workspaceId, actsFor);
  if (!hasRole(role, 'member')) {
    throw forbiddenError(
      `This agent acts for a user whose role (${role ?? 'none'}) cannot manage skills, so it cannot manage "${name}".`,
    );
  }
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
  if (skill.scope === 'builtin') {
    throw forbiddenError(`"${name}" is a built-in skill; built-in skills are read-only.`);
  }
  if (principal.kind === 'user') {
    if (skill.scope === 'public') {
      if (!principal.instanceAdmin) {
        throw forbiddenError(
          `Only an instance admin can manage the public skill "${name}"; public skills are shared by every workspace.`,
        );
      }
      return;
    }
    assertRole(principal.role, 'member', `manage the skill "${name}"`);
    if (skill.scope === 'personal' && skill.ownerUserId != null) {
      if (skill.ownerUserId !== principal.userId) {
        throw forbiddenError(`"${name}" is another user's personal skill.`);
      }
    }
    return;
  }
  if (skill.scope === 'public') {
    throw forbiddenError(`Agents cannot manage the public skill "${name}".`);
  }
  await assertAgentRole(options.store, principal, name);
  if (options.scope === undefined) throw new TypeError('assertCanManage needs an agent’s scope');
  const decision = decide(storedSkillSubject(skill), options.scope.gate.policy, 'api_manage');
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
