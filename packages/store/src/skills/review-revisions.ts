import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createSkillChange } from '../changes/create-skill-change.ts';
import { notifySkillChanges } from '../changes/notify-skill-changes.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import type { Actor } from '../repositories/actor.ts';
import { appendAudit } from '../repositories/audit-repository.ts';
import { type ReviewState, skillVersions } from '../schema/skill-versions.ts';
import { skills } from '../schema/skills.ts';
import { findVisibleSkill, findWritableSkill, visibleSkills } from './skill-rows.ts';
import type { SkillAccess, StoredSkill } from './skill-types.ts';

/** A revision in review, with the skill it belongs to. */
export interface RevisionInReview {
  skillId: string;
  name: string;
  scope: StoredSkill['scope'];
  version: number;
  hash: string;
  description: string;
  message: string | null;
  createdBy: string | null;
  createdAt: Date;
  /** The skill's published revision (0: none yet). */
  published: number;
  state: ReviewState;
  note: string | null;
  reviewedBy: string | null;
  reviewedAt: Date | null;
}

/** Options for {@link listRevisionsInReview}. */
export interface ListRevisionsInReviewOptions extends SkillAccess {
  /** Default: `proposed` only. */
  states?: readonly ReviewState[];
  /** Only this skill's revisions. */
  skillId?: string;
}

/** Options naming the revision a reviewer acts on. */
export interface ReviewRevisionOptions extends SkillAccess {
  id: string;
  version: number;
  /** The content digest the reviewer was shown: another one at that number is refused. */
  hash: string;
  actor: Actor;
}

/** Options for {@link publishRevision}. */
export interface PublishRevisionOptions extends ReviewRevisionOptions {
  /** The published revision the reviewer saw (`If-Match`); another one is a conflict. */
  expectedVersion: number;
  note?: string;
  /** More facts for the audit entry (e.g. an overridden check). */
  details?: Record<string, unknown>;
}

/** Options for {@link rejectRevision}. */
export interface RejectRevisionOptions extends ReviewRevisionOptions {
  note: string;
}

/** Why a review action was refused, or what it did. */
export type ReviewResult =
  | { ok: true; skill: StoredSkill; from: number }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'version_not_found'; version: number }
  | { ok: false; reason: 'digest_mismatch'; hash: string }
  | { ok: false; reason: 'own_proposal' }
  | { ok: false; reason: 'not_proposed'; state: ReviewState | null }
  | { ok: false; reason: 'conflict'; currentVersion: number };

/** Workspace skills' revisions in the given review states, newest first. */
export async function listRevisionsInReview(
  session: StoreSession,
  options: ListRevisionsInReviewOptions,
): Promise<RevisionInReview[]> {
  const conditions = [
    visibleSkills(options),
    eq(skills.scope, 'workspace'),
    inArray(skillVersions.reviewState, [...(options.states ?? ['proposed'])]),
  ];
  if (options.skillId !== undefined) conditions.push(eq(skills.id, options.skillId));
  return session.database
    .select({
      skillId: skills.id,
      name: skills.name,
      scope: skills.scope,
      version: skillVersions.number,
      hash: skillVersions.hash,
      description: skillVersions.description,
      message: skillVersions.message,
      createdBy: skillVersions.createdBy,
      createdAt: skillVersions.createdAt,
      published: skills.currentVersion,
      state: sql<ReviewState>`${skillVersions.reviewState}`,
      note: skillVersions.reviewNote,
      reviewedBy: skillVersions.reviewedBy,
      reviewedAt: skillVersions.reviewedAt,
    })
    .from(skillVersions)
    .innerJoin(skills, eq(skills.id, skillVersions.skillId))
    .where(and(...conditions))
    .orderBy(desc(skillVersions.createdAt), desc(skillVersions.number));
}

/** The revision a review action names, checked against the digest the reviewer saw. */
async function findRevision(
  session: StoreSession,
  options: ReviewRevisionOptions,
): Promise<
  | { ok: true; skill: StoredSkill; state: ReviewState | null; author: string | null }
  | Extract<ReviewResult, { ok: false }>
> {
  const skill = await findWritableSkill(session.database, options, options.id);
  if (skill === undefined || skill.scope !== 'workspace') return { ok: false, reason: 'not_found' };
  const [revision] = await session.database
    .select({
      hash: skillVersions.hash,
      state: skillVersions.reviewState,
      author: skillVersions.createdBy,
    })
    .from(skillVersions)
    .where(and(eq(skillVersions.skillId, skill.id), eq(skillVersions.number, options.version)));
  if (revision === undefined) {
    return { ok: false, reason: 'version_not_found', version: options.version };
  }
  if (revision.hash !== options.hash) {
    return { ok: false, reason: 'digest_mismatch', hash: revision.hash };
  }
  return { ok: true, skill, state: revision.state, author: revision.author };
}

/**
 * Makes a revision the published one: a proposal (never by its author), or an earlier published
 * revision (a rollback). The statement checks the published revision the reviewer saw, so of two
 * reviewers publishing at once one wins.
 */
export async function publishRevision(
  session: StoreSession,
  options: PublishRevisionOptions,
): Promise<ReviewResult> {
  return runInTransaction(session, async (database) => {
    const found = await findRevision({ ...session, database }, options);
    if (!found.ok) return found;
    if (found.state === 'rejected') return { ok: false, reason: 'not_proposed', state: 'rejected' };
    if (found.state === 'proposed' && found.author === options.actor.id) {
      return { ok: false, reason: 'own_proposal' };
    }
    const [moved] = await database
      .update(skills)
      .set({ currentVersion: options.version, updatedAt: sql`now()` })
      .where(
        and(
          eq(skills.id, found.skill.id),
          visibleSkills(options),
          eq(skills.currentVersion, options.expectedVersion),
        ),
      )
      .returning({ id: skills.id });
    if (moved === undefined) {
      const [row] = await database
        .select({ currentVersion: skills.currentVersion })
        .from(skills)
        .where(eq(skills.id, found.skill.id));
      return { ok: false, reason: 'conflict', currentVersion: row?.currentVersion ?? 0 };
    }
    if (found.state === 'proposed') {
      await database
        .update(skillVersions)
        .set({
          reviewState: 'published',
          reviewNote: options.note ?? null,
          reviewedBy: options.actor.id,
          reviewedAt: sql`now()`,
        })
        .where(
          and(eq(skillVersions.skillId, found.skill.id), eq(skillVersions.number, options.version)),
        );
    }
    const skill = await findVisibleSkill(database, options, found.skill.id);
    if (skill === undefined) return { ok: false, reason: 'not_found' };
    const from = found.skill.currentVersion;
    await notifySkillChanges(database, [
      createSkillChange(skill, from === 0 ? 'created' : 'updated'),
    ]);
    await appendAudit(database, {
      workspaceId: skill.workspaceId,
      actor: options.actor,
      action: found.state === 'proposed' ? 'skill.publish' : 'skill.rollback',
      target: { kind: 'skill', id: skill.id },
      details: {
        name: skill.name,
        from,
        to: options.version,
        hash: options.hash,
        author: found.author,
        ...(options.note === undefined ? {} : { note: options.note }),
        ...options.details,
      },
    });
    return { ok: true, skill, from };
  });
}

/** Turns a proposal down with a note; it stays, rejected, in the skill's history. */
export async function rejectRevision(
  session: StoreSession,
  options: RejectRevisionOptions,
): Promise<ReviewResult> {
  return runInTransaction(session, async (database) => {
    const found = await findRevision({ ...session, database }, options);
    if (!found.ok) return found;
    if (found.state !== 'proposed')
      return { ok: false, reason: 'not_proposed', state: found.state };
    await database
      .update(skillVersions)
      .set({
        reviewState: 'rejected',
        reviewNote: options.note,
        reviewedBy: options.actor.id,
        reviewedAt: sql`now()`,
      })
      .where(
        and(eq(skillVersions.skillId, found.skill.id), eq(skillVersions.number, options.version)),
      );
    await appendAudit(database, {
      workspaceId: found.skill.workspaceId,
      actor: options.actor,
      action: 'skill.reject',
      target: { kind: 'skill', id: found.skill.id },
      details: {
        name: found.skill.name,
        version: options.version,
        hash: options.hash,
        author: found.author,
        note: options.note,
      },
    });
    return { ok: true, skill: found.skill, from: found.skill.currentVersion };
  });
}
