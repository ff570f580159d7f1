import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { createSkillChange } from '../changes/create-skill-change.ts';
import { notifySkillChanges } from '../changes/notify-skill-changes.ts';
import type { SkillChange } from '../changes/skill-change.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import { auditLog } from '../schema/audit-log.ts';
import { skills } from '../schema/skills.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import {
  type PreparedContent,
  prepareFiles,
  prepareSkillContent,
} from './prepare-skill-content.ts';
import type { CreateSkillOptions, CreateSkillResult, StoredSkill } from './skill-types.ts';
import { writeVersions } from './write-versions.ts';

interface Location {
  workspaceId: string | null;
  ownerUserId: string | null;
}

function locate(options: CreateSkillOptions): Location {
  const problem = (message: string): never => {
    throw new SkillsetError<StoreErrorCode>({
      code: 'invalid_skill_scope',
      message,
      details: { scope: options.scope },
    });
  };
  switch (options.scope) {
    case 'builtin':
    case 'public':
      if (options.workspaceId !== undefined || options.ownerUserId !== undefined) {
        problem(`A ${options.scope} skill belongs to no workspace and no user.`);
      }
      return { workspaceId: null, ownerUserId: null };
    case 'workspace':
      if (options.workspaceId === undefined || options.ownerUserId !== undefined) {
        problem('A workspace skill needs a workspaceId and no ownerUserId.');
      }
      return { workspaceId: options.workspaceId ?? null, ownerUserId: null };
    case 'personal':
      if (options.workspaceId === undefined || options.ownerUserId === undefined) {
        problem('A personal skill needs a workspaceId and an ownerUserId.');
      }
      return { workspaceId: options.workspaceId ?? null, ownerUserId: options.ownerUserId ?? null };
    default:
      return problem(
        `Invalid scope ${JSON.stringify(options.scope)}; use builtin, public, workspace or personal.`,
      );
  }
}

interface Pending {
  index: number;
  id: string;
  options: CreateSkillOptions;
  location: Location;
  content: PreparedContent;
}

/**
 * Creates skills in one transaction with batched inserts; each input gets its own result
 * (invalid ones and taken names are reported, the others are written).
 */
export async function createSkills(
  session: StoreSession,
  inputs: readonly CreateSkillOptions[],
): Promise<CreateSkillResult[]> {
  const results: CreateSkillResult[] = new Array(inputs.length);
  const pending: Pending[] = [];
  const batchKeys = new Set<string>();
  const preparedFiles = await Promise.all(
    inputs.map((options) => prepareFiles(options.files ?? [])),
  );
  inputs.forEach((options, index) => {
    const location = locate(options);
    const files = preparedFiles[index] as Awaited<ReturnType<typeof prepareFiles>>;
    if (files.issues.length > 0) {
      results[index] = { ok: false, reason: 'invalid', issues: files.issues };
      return;
    }
    const prepared = prepareSkillContent({
      skillMd: options.skillMd,
      files: files.files,
      ...(options.limits === undefined ? {} : { limits: options.limits }),
    });
    if (!prepared.ok) {
      results[index] = { ok: false, reason: 'invalid', issues: prepared.issues };
      return;
    }
    const key = [
      options.scope,
      location.workspaceId,
      location.ownerUserId,
      prepared.content.name.toLowerCase(),
    ].join('\0');
    if (batchKeys.has(key)) {
      results[index] = { ok: false, reason: 'name_taken', name: prepared.content.name };
      return;
    }
    batchKeys.add(key);
    pending.push({ index, id: randomUUID(), options, location, content: prepared.content });
  });
  if (pending.length === 0) return results;

  await runInTransaction(session, async (database) => {
    const inserted = new Map<string, { createdAt: Date; updatedAt: Date }>();
    for (let start = 0; start < pending.length; start += 500) {
      const rows = await database
        .insert(skills)
        .values(
          pending.slice(start, start + 500).map((item) => ({
            id: item.id,
            scope: item.options.scope,
            workspaceId: item.location.workspaceId,
            ownerUserId: item.location.ownerUserId,
            name: item.content.name,
            enabled: item.options.enabled ?? true,
            currentVersion: item.options.propose === true ? 0 : 1,
            latestVersion: 1,
            source: item.options.source ?? 'api',
            createdBy: item.options.actor?.id ?? null,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: skills.id, createdAt: skills.createdAt, updatedAt: skills.updatedAt });
      for (const row of rows) inserted.set(row.id, row);
    }
    const written = pending.filter((item) => inserted.has(item.id));
    await writeVersions(
      database,
      written.map((item) => ({
        skillId: item.id,
        number: 1,
        content: item.content,
        message: item.options.message ?? null,
        createdBy: item.options.actor?.id ?? null,
        proposed: item.options.propose === true,
      })),
    );
    const changes: SkillChange[] = [];
    const auditRows: (typeof auditLog.$inferInsert)[] = [];
    for (const item of pending) {
      const times = inserted.get(item.id);
      if (times === undefined) {
        results[item.index] = { ok: false, reason: 'name_taken', name: item.content.name };
        continue;
      }
      const skill: StoredSkill = {
        id: item.id,
        scope: item.options.scope,
        workspaceId: item.location.workspaceId,
        ownerUserId: item.location.ownerUserId,
        name: item.content.name,
        enabled: item.options.enabled ?? true,
        source: item.options.source ?? 'api',
        currentVersion: item.options.propose === true ? 0 : 1,
        latestVersion: 1,
        hash: item.content.hash,
        description: item.content.description,
        tags: item.content.tags,
        category: item.content.category,
        manifest: item.content.manifest,
        createdBy: item.options.actor?.id ?? null,
        createdAt: times.createdAt,
        updatedAt: times.updatedAt,
      };
      results[item.index] = { ok: true, skill };
      const proposed = item.options.propose === true;
      if (!proposed) changes.push(createSkillChange(skill, 'created'));
      auditRows.push({
        workspaceId: skill.workspaceId,
        actorKind: item.options.actor?.kind ?? null,
        actorId: item.options.actor?.id ?? null,
        action: proposed ? 'skill.propose' : 'skill.create',
        targetKind: 'skill',
        targetId: skill.id,
        details: { name: skill.name, scope: skill.scope, version: 1, hash: skill.hash },
      });
    }
    for (let start = 0; start < auditRows.length; start += 500) {
      await database.insert(auditLog).values(auditRows.slice(start, start + 500));
    }
    await notifySkillChanges(database, changes);
  });
  return results;
}
