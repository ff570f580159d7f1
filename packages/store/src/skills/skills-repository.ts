import { normalizeSkillFilePath, SkillsetError } from '@skillset/core';
import { and, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { createSkillChange } from '../changes/create-skill-change.ts';
import { notifySkillChanges } from '../changes/notify-skill-changes.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import type { Actor } from '../repositories/actor.ts';
import { appendAudit } from '../repositories/audit-repository.ts';
import { skillVersions } from '../schema/skill-versions.ts';
import { type StoredSkillScope, skills } from '../schema/skills.ts';
import { createSkills } from './create-skills.ts';
import { type DeleteSkillOptions, deleteSkill, findReferencingAgents } from './delete-skill.ts';
import { listFilesOfVersions, type SkillVersionRef } from './list-files-of-versions.ts';
import { listSkillActivity, type SkillActivity } from './list-skill-activity.ts';
import { listSkills } from './list-skills.ts';
import { readSkillFiles } from './read-skill-files.ts';
import { readVersion } from './read-version.ts';
import {
  type ListRevisionsInReviewOptions,
  listRevisionsInReview,
  type PublishRevisionOptions,
  publishRevision,
  type RejectRevisionOptions,
  type ReviewResult,
  type RevisionInReview,
  rejectRevision,
} from './review-revisions.ts';
import {
  findVisibleSkill,
  findWritableSkill,
  scopeRankSql,
  selectSkillsIncludingUnpublished,
  selectStoredSkills,
  visibleSkills,
} from './skill-rows.ts';
import type {
  AgentReference,
  CreateSkillOptions,
  CreateSkillResult,
  DeleteSkillResult,
  ListSkillsOptions,
  ListSkillsResult,
  ResolvedSkill,
  RestoreSkillOptions,
  SkillAccess,
  SkillFileContent,
  StoredSkill,
  StoredSkillFile,
  StoredSkillVersion,
  StoredSkillVersionSummary,
  UpdateSkillOptions,
  WriteVersionResult,
} from './skill-types.ts';
import { restoreSkillVersion, updateSkill } from './update-skill.ts';

/** Options naming one skill by id. */
export interface SkillIdOptions extends SkillAccess {
  id: string;
}

/** Options naming one skill by name, optionally in one scope. */
export interface SkillNameOptions extends SkillAccess {
  name: string;
  scope?: StoredSkillScope;
}

/** Options naming a version of a skill (default: the current one). */
export interface SkillVersionOptions extends SkillIdOptions {
  version?: number;
}

/** Options for {@link SkillsRepository.setEnabled}. */
export interface SetSkillEnabledOptions extends SkillIdOptions {
  enabled: boolean;
  actor?: Actor;
}

/** Stored skills: immutable content-addressed versions, scope-aware reads, guarded writes. */
export interface SkillsRepository {
  /** Validates `SKILL.md` with core's parser and creates a skill at version 1. */
  create(options: CreateSkillOptions): Promise<CreateSkillResult>;
  /** Creates many skills in one transaction with batched inserts (for imports). */
  createMany(options: readonly CreateSkillOptions[]): Promise<CreateSkillResult[]>;
  get(options: SkillIdOptions): Promise<StoredSkill | undefined>;
  /** The skill of that name in `scope`, or the visible one of highest precedence. */
  getByName(options: SkillNameOptions): Promise<StoredSkill | undefined>;
  /** The winner for a name and the skills it shadows. */
  resolve(options: SkillNameOptions): Promise<ResolvedSkill | undefined>;
  list(options: ListSkillsOptions): Promise<ListSkillsResult>;
  /** A new version guarded by `expectedVersion`: a stale one returns a conflict, nothing written. */
  update(options: UpdateSkillOptions): Promise<WriteVersionResult>;
  /** Copies an old version as a new one. */
  restore(options: RestoreSkillOptions): Promise<WriteVersionResult>;
  setEnabled(options: SetSkillEnabledOptions): Promise<StoredSkill | undefined>;
  delete(options: DeleteSkillOptions): Promise<DeleteSkillResult>;
  /** The agents whose `settings.skills` name this skill. */
  referencingAgents(options: SkillIdOptions): Promise<AgentReference[] | undefined>;
  /** Versions, newest first. */
  listVersions(options: SkillIdOptions): Promise<StoredSkillVersionSummary[] | undefined>;
  getVersion(options: SkillVersionOptions): Promise<StoredSkillVersion | undefined>;
  listFiles(options: SkillVersionOptions): Promise<StoredSkillFile[] | undefined>;
  /** The file lists of many versions in one query, by skill id (those the caller cannot see absent). */
  listFilesOfVersions(
    options: SkillAccess & { versions: readonly SkillVersionRef[] },
  ): Promise<Map<string, StoredSkillFile[]>>;
  /** Who wrote the current versions of many skills, when, and whether each is signed; one query. */
  listActivity(
    options: SkillAccess & { ids: readonly string[] },
  ): Promise<Map<string, SkillActivity>>;
  getFile(options: SkillVersionOptions & { path: string }): Promise<SkillFileContent | undefined>;
  /** Every file of a version with its bytes (for a ZIP download). */
  readFiles(options: SkillVersionOptions): Promise<SkillFileContent[] | undefined>;
  /** Like {@link getByName}, also finding a new skill none of whose revisions is published yet. */
  getForReview(options: SkillNameOptions): Promise<StoredSkill | undefined>;
  /** Revisions waiting for review (or in the states asked for), newest first. */
  listInReview(options: ListRevisionsInReviewOptions): Promise<RevisionInReview[]>;
  /** Publishes a proposal or rolls back to an earlier published revision. */
  publish(options: PublishRevisionOptions): Promise<ReviewResult>;
  /** Rejects a proposal with a note. */
  reject(options: RejectRevisionOptions): Promise<ReviewResult>;
}

const wasPublished = (state: string | null) => state === null || state === 'published';
const publishedRevisions = or(
  isNull(skillVersions.reviewState),
  eq(skillVersions.reviewState, 'published'),
);

/** Creates the skills repository over a session. */
export function createSkillsRepository(session: StoreSession): SkillsRepository {
  const get = (options: SkillIdOptions) => findVisibleSkill(session.database, options, options.id);
  // Version reads also reach a skill in review: routes find the published skill first.
  const getWritable = (options: SkillIdOptions) =>
    findWritableSkill(session.database, options, options.id);
  const byName = (options: SkillNameOptions) => {
    const conditions: SQL[] = [
      visibleSkills(options),
      sql`lower(${skills.name}) = lower(${options.name})`,
    ];
    if (options.scope !== undefined) conditions.push(eq(skills.scope, options.scope));
    return selectStoredSkills(session.database, and(...conditions)).orderBy(desc(scopeRankSql));
  };
  const versionNumber = async (options: SkillVersionOptions) => {
    const skill = await getWritable(options);
    if (skill === undefined) return undefined;
    const number = options.version ?? skill.currentVersion;
    if (options.publishedOnly === true && number !== skill.currentVersion) {
      const [row] = await session.database
        .select({ state: skillVersions.reviewState })
        .from(skillVersions)
        .where(and(eq(skillVersions.skillId, skill.id), eq(skillVersions.number, number)));
      if (row === undefined || !wasPublished(row.state)) return undefined;
    }
    return number;
  };
  return {
    async create(options) {
      const [result] = await createSkills(session, [options]);
      return result as CreateSkillResult;
    },
    createMany: (options) => createSkills(session, options),
    get,
    async getByName(options) {
      const [row] = await byName(options).limit(1);
      return row;
    },
    async resolve(options) {
      const [skill, ...shadows] = await byName(options);
      return skill === undefined ? undefined : { skill, shadows };
    },
    list: (options) => listSkills(session.database, options),
    update: (options) => updateSkill(session, options),
    restore: (options) => restoreSkillVersion(session, options),
    setEnabled: (options) =>
      runInTransaction(session, async (database) => {
        const [row] = await database
          .update(skills)
          .set({ enabled: options.enabled, updatedAt: sql`now()` })
          .where(and(eq(skills.id, options.id), visibleSkills(options)))
          .returning({ id: skills.id });
        if (row === undefined) return undefined;
        const skill = await findVisibleSkill(database, options, options.id);
        if (skill === undefined) return undefined;
        await notifySkillChanges(database, [
          createSkillChange(skill, options.enabled ? 'enabled' : 'disabled'),
        ]);
        await appendAudit(database, {
          workspaceId: skill.workspaceId,
          ...(options.actor === undefined ? {} : { actor: options.actor }),
          action: options.enabled ? 'skill.enable' : 'skill.disable',
          target: { kind: 'skill', id: skill.id },
          details: { name: skill.name },
        });
        return skill;
      }),
    delete: (options) => deleteSkill(session, options),
    async referencingAgents(options) {
      const skill = await get(options);
      return skill === undefined ? undefined : findReferencingAgents(session.database, skill);
    },
    async listVersions(options) {
      const skill = await getWritable(options);
      if (skill === undefined) return undefined;
      return session.database
        .select({
          number: skillVersions.number,
          hash: skillVersions.hash,
          description: skillVersions.description,
          message: skillVersions.message,
          createdBy: skillVersions.createdBy,
          createdAt: skillVersions.createdAt,
          reviewState: skillVersions.reviewState,
          reviewNote: skillVersions.reviewNote,
          reviewedBy: skillVersions.reviewedBy,
          reviewedAt: skillVersions.reviewedAt,
        })
        .from(skillVersions)
        .where(
          and(
            eq(skillVersions.skillId, skill.id),
            options.publishedOnly === true ? publishedRevisions : undefined,
          ),
        )
        .orderBy(desc(skillVersions.number));
    },
    async getVersion(options) {
      const number = await versionNumber(options);
      if (number === undefined) return undefined;
      const version = await readVersion(session.database, options.id, number);
      if (version === undefined) return undefined;
      const { id: _id, searchText: _searchText, ...rest } = version;
      return rest;
    },
    async listFiles(options) {
      const number = await versionNumber(options);
      if (number === undefined) return undefined;
      return (await readVersion(session.database, options.id, number))?.files;
    },
    listFilesOfVersions: ({ versions, ...access }) =>
      listFilesOfVersions(session.database, access, versions),
    listActivity: ({ ids, ...access }) => listSkillActivity(session.database, access, ids),
    async getFile(options) {
      const number = await versionNumber(options);
      if (number === undefined) return undefined;
      let path: string;
      try {
        path = normalizeSkillFilePath(options.path);
      } catch (error) {
        if (SkillsetError.isInstance(error)) return undefined;
        throw error;
      }
      const [file] = await readSkillFiles(session.database, options.id, number, [path]);
      return file;
    },
    async readFiles(options) {
      const number = await versionNumber(options);
      if (number === undefined) return undefined;
      return readSkillFiles(session.database, options.id, number);
    },
    async getForReview(options) {
      const conditions: SQL[] = [
        visibleSkills(options),
        sql`lower(${skills.name}) = lower(${options.name})`,
      ];
      if (options.scope !== undefined) conditions.push(eq(skills.scope, options.scope));
      const [row] = await selectSkillsIncludingUnpublished(session.database, and(...conditions))
        .orderBy(desc(scopeRankSql))
        .limit(1);
      return row;
    },
    listInReview: (options) => listRevisionsInReview(session, options),
    publish: (options) => publishRevision(session, options),
    reject: (options) => rejectRevision(session, options),
  };
}
