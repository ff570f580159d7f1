import { and, asc, eq } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { versionFiles } from '../schema/version-files.ts';
import type { StoredSkillVersion } from './skill-types.ts';

/** Reads one version of a skill with its file list (no access check: callers check first). */
export async function readVersion(
  database: StoreDatabase,
  skillId: string,
  number: number,
): Promise<(StoredSkillVersion & { id: string; searchText: string }) | undefined> {
  const [version] = await database
    .select()
    .from(skillVersions)
    .where(and(eq(skillVersions.skillId, skillId), eq(skillVersions.number, number)));
  if (version === undefined) return undefined;
  const files = await database
    .select({
      path: versionFiles.path,
      hash: versionFiles.blobHash,
      size: versionFiles.size,
      mime: versionFiles.mime,
    })
    .from(versionFiles)
    .where(eq(versionFiles.versionId, version.id))
    .orderBy(asc(versionFiles.path));
  return {
    id: version.id,
    skillId,
    number: version.number,
    hash: version.hash,
    skillMd: version.skillMd,
    manifest: version.manifest,
    description: version.description,
    tags: version.tags,
    category: version.category,
    searchText: version.searchText,
    message: version.message,
    createdBy: version.createdBy,
    createdAt: version.createdAt,
    reviewState: version.reviewState,
    reviewNote: version.reviewNote,
    reviewedBy: version.reviewedBy,
    reviewedAt: version.reviewedAt,
    files,
  };
}
