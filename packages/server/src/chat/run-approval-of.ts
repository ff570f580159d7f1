import type { AgentApprovalRequest } from '@skillset/agent';
import type { Store } from '@skillset/store';
import type { RuntimeScope } from '../runtime/skill-runtime.ts';
import type { ChatApprovalRun } from './chat-ui-message.ts';

/**
 * For a script run's question: who made the revision of the skill that would run (read from the
 * stored version behind the entry asked about) and the names of the secrets the run gets;
 * undefined for other questions.
 */
export async function runApprovalOf(
  store: Store,
  scope: RuntimeScope,
  request: AgentApprovalRequest,
): Promise<ChatApprovalRun | undefined> {
  if (request.kind !== 'skill' || request.script === undefined) return undefined;
  const { skills } = scope;
  const entry = request.entry ?? (await skills.registry.get(request.skill));
  const stored = entry === undefined ? undefined : skills.storedSkill(entry);
  const version =
    stored === undefined
      ? undefined
      : await store.skills.getVersion({
          id: stored.id,
          version: stored.currentVersion,
          workspaceId: skills.workspaceId,
          ...(skills.userId === undefined ? {} : { userId: skills.userId }),
        });
  return { author: version?.createdBy ?? null, secrets: [...(request.script.secrets ?? [])] };
}
