import { hasRole, type Store, type StoredSkillScope } from '@skillset/store';
import type { RequestPrincipal } from '../app/app-env.ts';
import { forbiddenError } from './forbidden-error.ts';
import { type AgentPrincipal, assertRole } from './require-role.ts';
import { ABILITY_ROLES } from './workspace-abilities.ts';

/** Options for {@link assertManageRole}. */
export interface AssertManageRoleOptions {
  store: Store;
  principal: RequestPrincipal;
  scope: StoredSkillScope;
  /** The skill's name; without it (nothing read yet) the refusal speaks of skills in the scope. */
  name?: string;
  /** The owner of a personal skill. */
  ownerUserId?: string | null;
}

/** Refuses with 403 unless the agent holds the `member` role, and so does the user it acts for. */
async function assertAgentRole(
  store: Store,
  principal: AgentPrincipal,
  what: string,
): Promise<void> {
  const agent = await store.agents.get(principal.workspaceId, principal.agentId);
  if (agent?.settings.role !== 'member') {
    throw forbiddenError(
      `This agent's role is viewer, so it cannot manage ${what}; an admin can give it the member role in its settings.`,
    );
  }
  const actsFor = principal.actsForUserId ?? agent.actsForUserId ?? undefined;
  if (actsFor === undefined) return;
  const role = await store.members.getRole(principal.workspaceId, actsFor);
  if (!hasRole(role, 'member')) {
    throw forbiddenError(
      `This agent acts for a user whose role (${role ?? 'none'}) cannot manage skills, so it cannot manage ${what}.`,
    );
  }
}

/**
 * Refuses with 403 unless the principal's role lets it create or change skills of the scope at
 * all: users need `member` or stronger for workspace and their own personal skills and instance
 * admin for public ones; agents need the `member` role (and so does the user they act for) and
 * never manage public skills; built-in skills are read-only. Needs no skill content, so an upload
 * is refused before its body is read.
 */
export async function assertManageRole(options: AssertManageRoleOptions): Promise<void> {
  const { principal, scope, name } = options;
  const what = name === undefined ? `${scope} skills` : `the skill "${name}"`;
  if (scope === 'builtin') {
    throw forbiddenError(
      `${name === undefined ? 'Built-in skills are' : `"${name}" is a built-in skill; built-in skills are`} read-only.`,
    );
  }
  if (principal.kind === 'user') {
    if (scope === 'public') {
      if (!principal.instanceAdmin) {
        throw forbiddenError(
          `Only an instance admin can manage ${name === undefined ? what : `the public skill "${name}"`}; public skills are shared by every workspace.`,
        );
      }
      return;
    }
    assertRole(principal.role, ABILITY_ROLES.editSkills, `manage ${what}`);
    if (scope === 'personal' && options.ownerUserId != null) {
      if (options.ownerUserId !== principal.userId) {
        throw forbiddenError(`"${name}" is another user's personal skill.`);
      }
    }
    return;
  }
  if (scope === 'public') {
    throw forbiddenError(
      `Agents cannot manage ${name === undefined ? what : `the public skill "${name}"`}.`,
    );
  }
  await assertAgentRole(options.store, principal, name === undefined ? what : `"${name}"`);
}
