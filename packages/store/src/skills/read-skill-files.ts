import { and, asc, eq, inArray } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { blobs } from '../schema/blobs.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { versionFiles } from '../schema/version-files.ts';
import type { SkillFileContent } from './skill-types.ts';

/** Reads the files of one version with their bytes; `paths` limits which (default: all). */
export function readSkillFiles(
  database: StoreDatabase,
  skillId: string,
  version: number,
  paths?: readonly string[],
): Promise<SkillFileContent[]> {
  const conditions = [eq(skillVersions.skillId, skillId), eq(skillVersions.number, version)];
  if (paths !== undefined) conditions.push(inArray(versionFiles.path, [...paths]));
  return database
    .select({
      path: versionFiles.path,
      hash: versionFiles.blobHash,
      size: versionFiles.size,
      mime: versionFiles.mime,
      content: blobs.content,
    })
    .from(versionFiles)
    .innerJoin(skillVersions, eq(skillVersions.id, versionFiles.versionId))
    .innerJoin(blobs, eq(blobs.hash, versionFiles.blobHash))
    .where(and(...conditions))
    .orderBy(asc(versionFiles.path));
}
