import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { skills } from '../schema/skills.ts';
import { versionFiles } from '../schema/version-files.ts';
import { visibleSkills } from './skill-rows.ts';
import type { SkillAccess, StoredSkillFile } from './skill-types.ts';

/** One version asked for by {@link listFilesOfVersions}. */
export interface SkillVersionRef {
  id: string;
  version: number;
}

/**
 * The file lists of many versions in one query, by skill id; a skill the caller cannot see, or a
 * version it does not have, is absent.
 */
export async function listFilesOfVersions(
  database: StoreDatabase,
  access: SkillAccess,
  versions: readonly SkillVersionRef[],
): Promise<Map<string, StoredSkillFile[]>> {
  const files = new Map<string, StoredSkillFile[]>();
  if (versions.length === 0) return files;
  const wanted: SQL = sql`(${skillVersions.skillId}, ${skillVersions.number}) in (${sql.join(
    versions.map((ref) => sql`(${ref.id}, ${ref.version})`),
    sql`, `,
  )})`;
  const rows = await database
    .select({
      skillId: skillVersions.skillId,
      path: versionFiles.path,
      hash: versionFiles.blobHash,
      size: versionFiles.size,
      mime: versionFiles.mime,
    })
    .from(versionFiles)
    .innerJoin(skillVersions, eq(versionFiles.versionId, skillVersions.id))
    .innerJoin(skills, eq(skills.id, skillVersions.skillId))
    .where(and(wanted, visibleSkills(access)))
    .orderBy(asc(skillVersions.skillId), asc(versionFiles.path));
  for (const { skillId, ...file } of rows) {
    const list = files.get(skillId);
    if (list === undefined) files.set(skillId, [file]);
    else list.push(file);
  }
  return files;
}
