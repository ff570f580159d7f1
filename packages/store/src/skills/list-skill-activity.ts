import { and, eq, inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { agents } from '../schema/agents.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { skills } from '../schema/skills.ts';
import { users } from '../schema/users.ts';
import { versionFiles } from '../schema/version-files.ts';
import { visibleSkills } from './skill-rows.ts';
import type { SkillAccess } from './skill-types.ts';

/** Core's `SKILL_SIGNATURE_FILE`. */
const SKILL_SIGNATURE_FILE = 'SKILL.sig';

/** Who wrote a skill's current version, when, and whether it carries a signature. */
export interface SkillActivity {
  updatedAt: Date;
  /** The user or agent that wrote the current version; null for the system or a deleted actor. */
  updatedBy: { id: string; name: string } | null;
  /** The current version has a `SKILL.sig` (not yet checked against trusted signers). */
  hasSignature: boolean;
}

/** The activity of many skills' current versions in one query, by skill id (invisible ones absent). */
export async function listSkillActivity(
  database: StoreDatabase,
  access: SkillAccess,
  ids: readonly string[],
): Promise<Map<string, SkillActivity>> {
  const activity = new Map<string, SkillActivity>();
  if (ids.length === 0) return activity;
  const rows = await database
    .select({
      id: skills.id,
      updatedAt: skillVersions.createdAt,
      actorId: skillVersions.createdBy,
      actorName: sql<string | null>`coalesce(${users.name}, ${agents.name})`,
      hasSignature: sql<boolean>`exists (select 1 from ${versionFiles} where ${versionFiles.versionId} = ${skillVersions.id} and ${versionFiles.path} = ${SKILL_SIGNATURE_FILE})`,
    })
    .from(skills)
    .innerJoin(
      skillVersions,
      and(eq(skillVersions.skillId, skills.id), eq(skillVersions.number, skills.currentVersion)),
    )
    .leftJoin(users, eq(users.id, skillVersions.createdBy))
    .leftJoin(agents, eq(agents.id, skillVersions.createdBy))
    .where(and(inArray(skills.id, [...ids]), visibleSkills(access)));
  for (const row of rows) {
    activity.set(row.id, {
      updatedAt: row.updatedAt,
      updatedBy:
        row.actorId === null || row.actorName === null
          ? null
          : { id: row.actorId, name: row.actorName },
      hasSignature: row.hasSignature,
    });
  }
  return activity;
}
