import { decide } from '@skillset/core';
import type { SkillChange } from '@skillset/store';
import type { RequestPrincipal } from '../../app/app-env.ts';
import type { SkillRuntime } from '../../runtime/skill-runtime.ts';
import { storedSkillSubject } from '../../runtime/stored-skill-subject.ts';
import { listAllowedEntries } from '../../runtime/workspace-gate.ts';

/** Decides whether one change may be told to the stream's principal. */
export type ChangeFilter = (change: SkillChange) => Promise<boolean>;

/**
 * For an agent's event stream, which skill changes it may hear of, so no event names a skill it is
 * denied: a change that leaves the skill in place, once this instance's registries hold it, when
 * the agent may read the skill (`api_read`, as the library decides); a deletion or a switch-off
 * when the agent could read the skill before and no rule or allowlist refuses the name now.
 * Undefined for a user, who sees the workspace's library whole.
 */
export async function createAgentChangeFilter(
  runtime: SkillRuntime,
  principal: RequestPrincipal,
): Promise<ChangeFilter | undefined> {
  if (principal.kind !== 'agent') return undefined;
  const readable = async () => {
    const scope = await runtime.open(principal);
    const entries = await listAllowedEntries(scope.skills, scope.policy, 'api_read');
    return { scope, names: new Set(entries.map((entry) => entry.name.toLowerCase())) };
  };
  let before = (await readable()).names;
  return async (change) => {
    await runtime.settle();
    const { scope, names } = await readable();
    const name = change.name.toLowerCase();
    const knew = before.has(name);
    before = names;
    if (change.type !== 'deleted' && change.type !== 'disabled') return names.has(name);
    if (!knew) return false;
    // The skill is gone or off: what still applies to it is its name (rules, allowlist, scope).
    const subject = storedSkillSubject({
      scope: change.scope,
      name: change.name,
      ownerUserId: change.ownerUserId,
    });
    return decide(subject, { ...scope.policy.context, requireSigned: false }, 'api_read').allowed;
  };
}
