import type { Actor, SkillAccess, StoredAgent } from '@skillset/store';
import type { RequestPrincipal } from '../../app/app-env.ts';
import { actorOf } from '../../auth/actor-of.ts';
import type { RuntimeScope, SkillRuntime } from '../../runtime/skill-runtime.ts';

/** The principal of a skills request with what the store needs: its visibility and its audit actor. */
export interface SkillCaller {
  principal: RequestPrincipal;
  access: SkillAccess;
  actor: Actor;
  /** The calling agent's row, when the principal is an agent. */
  agent?: StoredAgent;
  /** An agent's policy and gate: what it may read and change in the library. */
  scope?: RuntimeScope;
}

/**
 * Resolves who is calling: a user sees builtin, public, workspace and their own personal skills;
 * an agent sees its acting user's personal skills only when its settings include them.
 */
export async function resolveSkillCaller(
  runtime: SkillRuntime,
  principal: RequestPrincipal,
): Promise<SkillCaller> {
  const { store } = runtime;
  if (principal.kind === 'user') {
    return {
      principal,
      access: { workspaceId: principal.workspaceId, userId: principal.userId },
      actor: actorOf(principal),
    };
  }
  const [agent, scope] = await Promise.all([
    store.agents.get(principal.workspaceId, principal.agentId),
    runtime.open(principal),
  ]);
  const actsFor = principal.actsForUserId ?? agent?.actsForUserId ?? undefined;
  const includePersonal = agent?.settings.includePersonal === true && actsFor !== undefined;
  return {
    principal,
    access: {
      workspaceId: principal.workspaceId,
      ...(includePersonal ? { userId: actsFor } : {}),
      publishedOnly: true,
    },
    actor: actorOf(principal),
    scope,
    ...(agent === undefined ? {} : { agent }),
  };
}
