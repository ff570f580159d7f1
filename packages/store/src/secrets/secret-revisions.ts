import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { skills } from '../schema/skills.ts';
import { scopeRankSql } from '../skills/skill-rows.ts';

/** One revision of a stored skill: the skill, its version number and that version's content address. */
export interface SkillRevision {
  skillId: string;
  version: number;
  /** The version's content address (the hex sha256 of its files). */
  digest: string;
}

/** The revision a workspace's secret would reach under a skill name, with who made it. */
export interface SecretRevision extends SkillRevision {
  scope: 'workspace' | 'public';
  /** The actor id of who made this version (created, edited, uploaded or restored it). */
  author: string | null;
}

/** True when `approved` is exactly the revision `current`: same skill, version and digest. */
export function isSameRevision(approved: SkillRevision, current: SkillRevision): boolean {
  return (
    approved.skillId === current.skillId &&
    approved.version === current.version &&
    approved.digest === current.digest
  );
}

/**
 * The current revisions that secrets bound to `names` (lowercase) would reach in a workspace: the
 * workspace's skill of that name, else the public one (personal and built-in skills never get
 * secrets); a name without such a skill is absent.
 */
export async function findSecretRevisions(
  database: StoreDatabase,
  workspaceId: string,
  names: readonly string[],
): Promise<Map<string, SecretRevision>> {
  const revisions = new Map<string, SecretRevision>();
  if (names.length === 0) return revisions;
  const rows = await database
    .select({
      name: sql<string>`lower(${skills.name})`,
      skillId: skills.id,
      scope: skills.scope,
      version: skills.currentVersion,
      digest: skillVersions.hash,
      author: skillVersions.createdBy,
    })
    .from(skills)
    .innerJoin(
      skillVersions,
      and(eq(skillVersions.skillId, skills.id), eq(skillVersions.number, skills.currentVersion)),
    )
    .where(
      and(
        inArray(sql`lower(${skills.name})`, [...names]),
        or(
          eq(skills.scope, 'public'),
          and(eq(skills.scope, 'workspace'), eq(skills.workspaceId, workspaceId)),
        ),
      ),
    )
    .orderBy(desc(scopeRankSql));
  for (const { name, scope, ...revision } of rows) {
    if (revisions.has(name)) continue;
    revisions.set(name, { ...revision, scope: scope as SecretRevision['scope'] });
  }
  return revisions;
}
