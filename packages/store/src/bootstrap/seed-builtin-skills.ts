import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listSkillFolderFiles, readSkillFolderFile } from '@skillset/core/node';
import { computeVersionHash } from '../content/compute-version-hash.ts';
import { sha256 } from '../content/sha256.ts';
import type { SkillFileInput } from '../skills/skill-types.ts';
import type { StoreSkillIssue } from '../skills/store-issue-code.ts';
import type { Store } from '../store/store.ts';

/** What {@link seedBuiltinSkills} did, by skill name. */
export interface SeedBuiltinSkillsResult {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Folders whose skill could not be stored, with the reasons. */
  failed: { folder: string; issues: StoreSkillIssue[] }[];
}

async function readSkillFolder(
  folder: string,
): Promise<{ skillMd: string; files: SkillFileInput[] }> {
  const skillMd = await readFile(join(folder, 'SKILL.md'), 'utf8');
  const files: SkillFileInput[] = [];
  for (const file of await listSkillFolderFiles(folder)) {
    if (file.path === 'SKILL.md') continue;
    files.push({ path: file.path, content: await readSkillFolderFile(folder, file.path) });
  }
  return { skillMd, files };
}

function contentHash(skillMd: string, files: readonly SkillFileInput[]): string {
  return computeVersionHash([
    { path: 'SKILL.md', hash: sha256(skillMd) },
    ...files.map((file) => ({ path: file.path, hash: sha256(file.content) })),
  ]);
}

/**
 * Upserts the skills of a folder (`<folder>/<name>/SKILL.md`, e.g. core's `BUILTIN_SKILLS_DIR`)
 * as `builtin` skills, writing a new version only when the content changed.
 */
export async function seedBuiltinSkills(
  store: Store,
  folder: string,
): Promise<SeedBuiltinSkillsResult> {
  const result: SeedBuiltinSkillsResult = { created: [], updated: [], unchanged: [], failed: [] };
  const entries = await readdir(folder, { withFileTypes: true });
  const actor = { kind: 'system', id: 'builtin-seed' } as const;
  for (const entry of entries
    .filter((candidate) => candidate.isDirectory())
    .sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const skillFolder = join(folder, entry.name);
    let content: { skillMd: string; files: SkillFileInput[] };
    try {
      content = await readSkillFolder(skillFolder);
    } catch {
      continue;
    }
    const existing = await store.skills.getByName({
      workspaceId: null,
      name: entry.name,
      scope: 'builtin',
    });
    if (existing === undefined) {
      const created = await store.skills.create({
        scope: 'builtin',
        source: 'builtin',
        actor,
        ...content,
      });
      if (created.ok) result.created.push(created.skill.name);
      else
        result.failed.push({
          folder: skillFolder,
          issues: created.reason === 'invalid' ? created.issues : [],
        });
      continue;
    }
    if (existing.hash === contentHash(content.skillMd, content.files)) {
      result.unchanged.push(existing.name);
      continue;
    }
    const updated = await store.skills.update({
      workspaceId: null,
      id: existing.id,
      expectedVersion: existing.currentVersion,
      skillMd: content.skillMd,
      files: content.files,
      message: 'Updated built-in skill',
      actor,
    });
    if (updated.ok) result.updated.push(existing.name);
    else
      result.failed.push({
        folder: skillFolder,
        issues: updated.reason === 'invalid' ? updated.issues : [],
      });
  }
  return result;
}
