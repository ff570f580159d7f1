import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import type { Actor } from '../repositories/actor.ts';
import { skillSecretApprovals } from '../schema/skill-secret-approvals.ts';
import {
  findSecretRevisions,
  isSameRevision,
  type SecretRevision,
  type SkillRevision,
} from './secret-revisions.ts';

/** The revision of a bound skill an admin approved for a secret. */
export interface SecretApproval extends SkillRevision {
  /** The actor id of the admin who approved it. */
  approvedBy: string | null;
  approvedAt: Date;
}

/** One skill a secret is bound to: the approved revision, the current one, and whether they match. */
export interface SecretBinding {
  /** The skill's lowercase name. */
  skill: string;
  /** The revision an admin approved; absent when none was (the skill did not exist when bound). */
  approval?: SecretApproval;
  /** The revision the secret would reach now; absent when no workspace or public skill has the name. */
  current?: SecretRevision;
  /** The current revision is the approved one, so its scripts get the secret. */
  approved: boolean;
}

/** A secret's id and bound skill names, as read from its row. */
export interface BoundSecret {
  id: string;
  skills: readonly string[];
}

const approvalColumns = {
  secretId: skillSecretApprovals.secretId,
  skill: skillSecretApprovals.skill,
  skillId: skillSecretApprovals.skillId,
  version: skillSecretApprovals.version,
  digest: skillSecretApprovals.digest,
  approvedBy: skillSecretApprovals.approvedBy,
  approvedAt: skillSecretApprovals.approvedAt,
};

/** The bindings of each of `secrets` (by secret id), in the order of their skills. */
export async function readSecretBindings(
  database: StoreDatabase,
  workspaceId: string,
  secrets: readonly BoundSecret[],
): Promise<Map<string, SecretBinding[]>> {
  const ids = secrets.map((secret) => secret.id);
  const rows =
    ids.length === 0
      ? []
      : await database
          .select(approvalColumns)
          .from(skillSecretApprovals)
          .where(inArray(skillSecretApprovals.secretId, ids));
  const approvals = new Map(
    rows.map(({ secretId, skill, ...approval }) => [`${secretId}|${skill}`, approval]),
  );
  const revisions = await findSecretRevisions(database, workspaceId, [
    ...new Set(secrets.flatMap((secret) => secret.skills)),
  ]);
  return new Map(
    secrets.map((secret) => [
      secret.id,
      secret.skills.map((skill): SecretBinding => {
        const approval = approvals.get(`${secret.id}|${skill}`);
        const current = revisions.get(skill);
        return {
          skill,
          ...(approval === undefined ? {} : { approval }),
          ...(current === undefined ? {} : { current }),
          approved:
            approval !== undefined && current !== undefined && isSameRevision(approval, current),
        };
      }),
    ]),
  );
}

/** Records `revision` as approved for the secret and skill, replacing an earlier approval. */
export async function saveSecretApproval(
  database: StoreDatabase,
  approval: { secretId: string; skill: string; revision: SkillRevision; approvedBy: string | null },
): Promise<void> {
  const values = {
    skillId: approval.revision.skillId,
    version: approval.revision.version,
    digest: approval.revision.digest,
    approvedBy: approval.approvedBy,
  };
  await database
    .insert(skillSecretApprovals)
    .values({ secretId: approval.secretId, skill: approval.skill, ...values })
    .onConflictDoUpdate({
      target: [skillSecretApprovals.secretId, skillSecretApprovals.skill],
      set: { ...values, approvedAt: sql`now()` },
    });
}

/** Removes the approvals of skills a secret is no longer bound to. */
export async function dropUnboundApprovals(
  database: StoreDatabase,
  secretId: string,
  skills: readonly string[],
): Promise<void> {
  await database
    .delete(skillSecretApprovals)
    .where(
      skills.length === 0
        ? eq(skillSecretApprovals.secretId, secretId)
        : and(
            eq(skillSecretApprovals.secretId, secretId),
            notInArray(skillSecretApprovals.skill, [...skills]),
          ),
    );
}

/**
 * Keeps the approvals of a secret's bound skills in step with its new list: skills no longer
 * bound lose theirs, newly bound ones get their current revision approved; returns those.
 */
export async function approveNewBindings(
  database: StoreDatabase,
  options: { workspaceId: string; secretId: string; actor?: Actor | undefined },
  skills: readonly string[],
  previous: readonly string[],
): Promise<Array<{ skill: string; version: number; digest: string }>> {
  await dropUnboundApprovals(database, options.secretId, skills);
  const added = skills.filter((skill) => !previous.includes(skill));
  const revisions = await findSecretRevisions(database, options.workspaceId, added);
  const approved = [];
  for (const skill of added) {
    const revision = revisions.get(skill);
    if (revision === undefined) continue;
    await saveSecretApproval(database, {
      secretId: options.secretId,
      skill,
      revision,
      approvedBy: options.actor?.id ?? null,
    });
    approved.push({ skill, version: revision.version, digest: revision.digest });
  }
  return approved;
}
