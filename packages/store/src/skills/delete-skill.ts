import { and, eq, sql } from 'drizzle-orm';
import { createSkillChange } from '../changes/create-skill-change.ts';
import { notifySkillChanges } from '../changes/notify-skill-changes.ts';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import type { Actor } from '../repositories/actor.ts';
import { appendAudit } from '../repositories/audit-repository.ts';
import { skills } from '../schema/skills.ts';
import { findVisibleSkill } from './skill-rows.ts';
import type { AgentReference, DeleteSkillResult, SkillAccess, StoredSkill } from './skill-types.ts';

/** Options for {@link deleteSkill}. */
export interface DeleteSkillOptions extends SkillAccess {
  id: string;
  /** Delete even while agents reference the skill. */
  force?: boolean;
  actor?: Actor;
}

/** The agents whose `settings.skills` name the skill (in its workspace; anywhere for builtin/public). */
export async function findReferencingAgents(
  database: StoreDatabase,
  skill: Pick<StoredSkill, 'name' | 'workspaceId'>,
): Promise<AgentReference[]> {
  const workspace =
    skill.workspaceId === null ? sql`true` : sql`a.workspace_id = ${skill.workspaceId}`;
  return queryRows<AgentReference>(
    database,
    sql`select a.id, a.name, a.workspace_id as "workspaceId" from agents a
      where ${workspace}
        and exists (
          select 1 from jsonb_array_elements_text(coalesce(a.settings -> 'skills', '[]'::jsonb)) as s(name)
          where lower(s.name) = lower(${skill.name}))
      order by lower(a.name), a.id`,
  );
}

/** Deletes a skill with all its versions, refused while agents reference it unless forced. */
export function deleteSkill(
  session: StoreSession,
  options: DeleteSkillOptions,
): Promise<DeleteSkillResult> {
  return runInTransaction(session, async (database) => {
    const skill = await findVisibleSkill(database, options, options.id);
    if (skill === undefined) return { ok: false, reason: 'not_found' };
    const agents = await findReferencingAgents(database, skill);
    if (agents.length > 0 && options.force !== true) {
      return { ok: false, reason: 'referenced', agents };
    }
    const rows = await database
      .delete(skills)
      .where(and(eq(skills.id, options.id)))
      .returning({ id: skills.id });
    if (rows.length === 0) return { ok: false, reason: 'not_found' };
    await notifySkillChanges(database, [createSkillChange(skill, 'deleted')]);
    await appendAudit(database, {
      workspaceId: skill.workspaceId,
      ...(options.actor === undefined ? {} : { actor: options.actor }),
      action: 'skill.delete',
      target: { kind: 'skill', id: skill.id },
      details: {
        name: skill.name,
        scope: skill.scope,
        version: skill.currentVersion,
        ...(agents.length > 0 ? { forced: true, agents: agents.map((agent) => agent.id) } : {}),
      },
    });
    return { ok: true, skill };
  });
}
