import { createSkillChange } from '../changes/create-skill-change.ts';
import { notifySkillChanges } from '../changes/notify-skill-changes.ts';
import type { StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { appendAudit } from '../repositories/audit-repository.ts';
import {
  type PreparedFile,
  prepareFiles,
  prepareSkillContent,
  SKILL_FILE,
} from './prepare-skill-content.ts';
import { readVersion } from './read-version.ts';
import { findWritableSkill } from './skill-rows.ts';
import type {
  RestoreSkillOptions,
  StoredSkill,
  UpdateSkillOptions,
  WriteVersionResult,
} from './skill-types.ts';
import type { StoreSkillIssue } from './store-issue-code.ts';
import { claimNextVersion } from './version-guard.ts';
import { writeVersions } from './write-versions.ts';

/** Thrown inside a transaction to roll it back and return a result instead. */
class RollbackWith {
  readonly result: WriteVersionResult;
  constructor(result: WriteVersionResult) {
    this.result = result;
  }
}

async function rollbackOnResult(
  work: () => Promise<WriteVersionResult>,
): Promise<WriteVersionResult> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RollbackWith) return error.result;
    throw error;
  }
}

/** Records a written revision: a change for the listeners and an audit entry (a proposal changes nothing served). */
async function finish(
  database: StoreDatabase,
  written: { served: StoredSkill; number: number; hash: string; proposed: boolean },
  action: string,
  options: { actor?: UpdateSkillOptions['actor']; details: Record<string, unknown> },
): Promise<WriteVersionResult> {
  const { served, number, hash, proposed } = written;
  if (!proposed) await notifySkillChanges(database, [createSkillChange(served, 'updated')]);
  await appendAudit(database, {
    workspaceId: served.workspaceId,
    ...(options.actor === undefined ? {} : { actor: options.actor }),
    action: proposed ? 'skill.propose' : action,
    target: { kind: 'skill', id: served.id },
    details: { name: served.name, version: number, hash, ...options.details },
  });
  return { ok: true, skill: served, version: number, proposed, hash };
}

/** What is served after a write: the new revision, or for a proposal the published one. */
function servedAfter(
  existing: StoredSkill,
  claim: { number: number; updatedAt: Date },
  proposed: boolean,
  content: Pick<StoredSkill, 'hash' | 'description' | 'tags' | 'category' | 'manifest'>,
): StoredSkill {
  if (proposed) return { ...existing, latestVersion: claim.number };
  return {
    ...existing,
    currentVersion: claim.number,
    latestVersion: claim.number,
    hash: content.hash,
    description: content.description,
    tags: content.tags,
    category: content.category,
    manifest: content.manifest,
    updatedAt: claim.updatedAt,
  };
}

/** Writes a new version of a skill if its current version is still `expectedVersion`. */
export async function updateSkill(
  session: StoreSession,
  options: UpdateSkillOptions,
): Promise<WriteVersionResult> {
  const newFiles = await prepareFiles([...(options.files ?? []), ...(options.putFiles ?? [])]);
  const issues: StoreSkillIssue[] = [...newFiles.issues];
  if (options.files !== undefined && options.putFiles !== undefined) {
    issues.push({
      code: 'conflicting_file_options',
      severity: 'error',
      message: 'Give either files (replace all) or putFiles (add or replace some), not both.',
    });
  }
  if (issues.length > 0) return { ok: false, reason: 'invalid', issues };
  const existing = await findWritableSkill(session.database, options, options.id);
  if (existing === undefined) return { ok: false, reason: 'not_found' };
  if (options.skillMd !== undefined) {
    const checked = prepareSkillContent({
      skillMd: options.skillMd,
      files: [],
      expectedName: existing.name,
    });
    if (!checked.ok) return { ok: false, reason: 'invalid', issues: checked.issues };
  }
  return rollbackOnResult(() =>
    runInTransaction(session, async (database) => {
      const proposed = options.propose === true;
      const claim = await claimNextVersion(
        database,
        options,
        options.id,
        options.expectedVersion,
        proposed,
      );
      if (!claim.ok) return claim;
      // A skill never published builds on its newest proposal.
      const base = options.expectedVersion === 0 ? claim.number - 1 : options.expectedVersion;
      const previous = await readVersion(database, options.id, base);
      if (previous === undefined) {
        throw new RollbackWith({
          ok: false,
          reason: 'version_not_found',
          version: options.expectedVersion,
        });
      }
      const files = new Map<string, PreparedFile>();
      if (options.files === undefined) {
        for (const file of previous.files) {
          if (file.path !== SKILL_FILE) files.set(file.path, file);
        }
      }
      for (const path of options.deleteFiles ?? []) files.delete(path);
      for (const file of newFiles.files) files.set(file.path, file);
      const prepared = prepareSkillContent({
        skillMd: options.skillMd ?? previous.skillMd,
        files: [...files.values()],
        expectedName: existing.name,
        ...(options.limits === undefined ? {} : { limits: options.limits }),
      });
      if (!prepared.ok) {
        throw new RollbackWith({ ok: false, reason: 'invalid', issues: prepared.issues });
      }
      const { content } = prepared;
      await writeVersions(database, [
        {
          skillId: options.id,
          number: claim.number,
          content,
          message: options.message ?? null,
          createdBy: options.actor?.id ?? null,
          proposed,
        },
      ]);
      const served = servedAfter(existing, claim, proposed, content);
      const written = { served, number: claim.number, hash: content.hash, proposed };
      return finish(database, written, 'skill.update', {
        ...(options.actor === undefined ? {} : { actor: options.actor }),
        details: { previousVersion: options.expectedVersion },
      });
    }),
  );
}

/** Writes a copy of an old version as the skill's new current version. */
export async function restoreSkillVersion(
  session: StoreSession,
  options: RestoreSkillOptions,
): Promise<WriteVersionResult> {
  const existing = await findWritableSkill(session.database, options, options.id);
  if (existing === undefined) return { ok: false, reason: 'not_found' };
  return rollbackOnResult(() =>
    runInTransaction(session, async (database) => {
      const proposed = options.propose === true;
      const claim = await claimNextVersion(
        database,
        options,
        options.id,
        options.expectedVersion,
        proposed,
      );
      if (!claim.ok) return claim;
      const source = await readVersion(database, options.id, options.version);
      if (source === undefined) {
        throw new RollbackWith({
          ok: false,
          reason: 'version_not_found',
          version: options.version,
        });
      }
      await writeVersions(database, [
        {
          skillId: options.id,
          number: claim.number,
          content: {
            name: existing.name,
            manifest: source.manifest,
            skillMd: source.skillMd,
            description: source.description,
            tags: source.tags,
            category: source.category,
            searchText: source.searchText,
            hash: source.hash,
            files: source.files,
          },
          message: options.message ?? `Restored version ${options.version}`,
          createdBy: options.actor?.id ?? null,
          proposed,
        },
      ]);
      const served = servedAfter(existing, claim, proposed, source);
      const written = { served, number: claim.number, hash: source.hash, proposed };
      return finish(database, written, 'skill.restore', {
        ...(options.actor === undefined ? {} : { actor: options.actor }),
        details: { restoredVersion: options.version },
      });
    }),
  );
}
