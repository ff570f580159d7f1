import { scopeRank } from '@skillset/core';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { STORED_SKILL_SCOPES, skills } from '../schema/skills.ts';
import type { SkillAccess, StoredSkill } from './skill-types.ts';

/** The skills a viewer may see: builtin, public, their workspace's and their own personal ones. */
export function visibleSkills(access: SkillAccess): SQL {
  const parts: (SQL | undefined)[] = [inArray(skills.scope, ['builtin', 'public'])];
  if (access.workspaceId !== null) {
    parts.push(and(eq(skills.scope, 'workspace'), eq(skills.workspaceId, access.workspaceId)));
    if (access.userId !== undefined) {
      parts.push(
        and(
          eq(skills.scope, 'personal'),
          eq(skills.workspaceId, access.workspaceId),
          eq(skills.ownerUserId, access.userId),
        ),
      );
    }
  }
  return or(...parts) as SQL;
}

const rankCases = STORED_SKILL_SCOPES.map((scope) => `when '${scope}' then ${scopeRank(scope)}`);

/** A skill's scope precedence in SQL (higher wins), from core's `scopeRank`. */
export const scopeRankSql = sql<number>`(case ${skills.scope} ${sql.raw(rankCases.join(' '))} end)`;

/** The columns of a {@link StoredSkill}: the skill joined with its current version. */
export const storedSkillColumns = {
  id: skills.id,
  scope: skills.scope,
  workspaceId: skills.workspaceId,
  ownerUserId: skills.ownerUserId,
  name: skills.name,
  enabled: skills.enabled,
  source: skills.source,
  currentVersion: skills.currentVersion,
  latestVersion: skills.latestVersion,
  hash: skillVersions.hash,
  description: skillVersions.description,
  tags: skillVersions.tags,
  category: skillVersions.category,
  manifest: skillVersions.manifest,
  createdBy: skills.createdBy,
  createdAt: skills.createdAt,
  updatedAt: skills.updatedAt,
};

/** Selects stored skills (skill + current version) matching a condition. */
export function selectStoredSkills(database: StoreDatabase, where: SQL | undefined) {
  return database
    .select(storedSkillColumns)
    .from(skills)
    .innerJoin(
      skillVersions,
      and(eq(skillVersions.skillId, skills.id), eq(skillVersions.number, skills.currentVersion)),
    )
    .where(where);
}

/** Reads one visible skill by id. */
export async function findVisibleSkill(
  database: StoreDatabase,
  access: SkillAccess,
  id: string,
): Promise<StoredSkill | undefined> {
  const [row] = await selectStoredSkills(database, and(eq(skills.id, id), visibleSkills(access)));
  return row;
}

/** The revision a writer or reviewer sees of a skill: the published one, else (never published) the newest. */
const shownRevision = sql`case when ${skills.currentVersion} = 0 then ${skills.latestVersion} else ${skills.currentVersion} end`;

/** Selects skills like {@link selectStoredSkills}, including new skills no revision of which is published yet. */
export function selectSkillsIncludingUnpublished(database: StoreDatabase, where: SQL | undefined) {
  return database
    .select(storedSkillColumns)
    .from(skills)
    .innerJoin(
      skillVersions,
      and(eq(skillVersions.skillId, skills.id), eq(skillVersions.number, shownRevision)),
    )
    .where(where);
}

/** Reads one visible skill by id, also when none of its revisions is published yet. */
export async function findWritableSkill(
  database: StoreDatabase,
  access: SkillAccess,
  id: string,
): Promise<StoredSkill | undefined> {
  const [row] = await selectSkillsIncludingUnpublished(
    database,
    and(eq(skills.id, id), visibleSkills(access)),
  );
  return row;
}
