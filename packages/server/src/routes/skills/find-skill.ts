import { SkillsetError } from '@skillset/core';
import type { Store, StoredSkill, StoredSkillScope } from '@skillset/store';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { pinnedRevision } from '../../runtime/workspace-skills.ts';
import { agentReadFilter } from './agent-read-filter.ts';
import type { SkillCaller } from './skill-caller.ts';

/** Options for {@link findSkill}. */
export interface FindSkillOptions {
  store: Store;
  caller: SkillCaller;
  name: string;
  scope?: StoredSkillScope | undefined;
  /** Skip the agent's `read` decision: the caller decides `manage` next (a disabled skill stays fixable). */
  forManage?: boolean;
}

/** The OpenAPI response of a route that refuses an agent a skill whose text needs a person's approval. */
export const approvalRequiredResponse = jsonErrorResponse(
  'An agent asked for a skill whose text needs a person\'s approval (an "ask" rule): `approval_required`',
);

/** The error for a skill that does not exist or is not visible to the caller (404, no leak). */
export function skillNotFound(
  name: string,
  scope?: StoredSkillScope,
): SkillsetError<ServerErrorCode> {
  const where = scope === undefined ? '' : ` in scope ${scope}`;
  return new SkillsetError<ServerErrorCode>({
    code: 'skill_not_found',
    message: `Skill ${JSON.stringify(name)} not found${where}; list the skills you can see with GET /api/skills.`,
  });
}

/**
 * The visible skill of a name (in `scope`, else the winner by precedence), or 404
 * `skill_not_found`, also for a skill an agent's policy does not let it read. An agent whose rules
 * say `ask` for the skill gets 403 `approval_required` instead: every route that finds a skill this
 * way hands out its text, and nobody can approve an API read (docs/decisions/0140).
 */
export async function findSkill(options: FindSkillOptions): Promise<StoredSkill> {
  const { store, caller, name, scope } = options;
  const found = await store.skills.getByName({
    ...caller.access,
    name,
    ...(scope === undefined ? {} : { scope }),
  });
  if (found === undefined) throw skillNotFound(name, scope);
  // An agent reads a skill it pinned at the pinned revision, as every other surface serves it.
  const skill =
    caller.scope === undefined
      ? found
      : await pinnedRevision(store, caller.access, found, caller.scope.policy.revisionPins);
  if (options.forManage !== true && caller.scope !== undefined) {
    const readable = await agentReadFilter(caller);
    if (readable !== undefined && !readable(skill)) throw skillNotFound(name, scope);
    const gated = await caller.scope.gate.authorize(skill.name, 'api_read', 'the HTTP API');
    if (!gated.ok) {
      if (gated.failure.error.code === 'unknown_skill') throw skillNotFound(name, scope);
      throw new SkillsetError<ServerErrorCode>({
        code: gated.failure.error.code,
        message: `${gated.failure.error.message} Use it in a chat (POST /api/chat), where a workspace member approves each use, or ask an admin to change the "ask" rule.`,
      });
    }
  }
  return skill;
}
