import { and, eq } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import type { Actor } from '../repositories/actor.ts';
import { skillSecrets } from '../schema/skill-secrets.ts';
import { auditSecret } from './audit-secret.ts';
import { saveSecretApproval } from './secret-bindings.ts';
import { secretError } from './secret-errors.ts';
import { findSecretRevisions } from './secret-revisions.ts';

/** Options for {@link approveSecretRevision}. */
export interface ApproveSecretRevisionOptions {
  workspaceId: string;
  name: string;
  /** A skill the secret is bound to; its current revision is approved. */
  skill: string;
  /** The digest the admin reviewed; another current revision is refused with `secret_revision_changed`. */
  digest?: string | undefined;
  actor?: Actor;
}

/** Locks a secret's row for the transaction; its id and bound skills, or undefined. */
export async function lockSecret(transaction: StoreDatabase, workspaceId: string, name: string) {
  const [row] = await transaction
    .select({ id: skillSecrets.id, skills: skillSecrets.skills })
    .from(skillSecrets)
    .where(and(eq(skillSecrets.workspaceId, workspaceId), eq(skillSecrets.name, name)))
    .for('update');
  return row;
}

/**
 * Approves, in a transaction, the current revision of a skill bound to a secret, audited as
 * `secret.approve`; throws `secret_not_found`, `secret_skill_not_bound`, `skill_not_found` or
 * `secret_revision_changed`.
 */
export async function approveSecretRevision(
  transaction: StoreDatabase,
  options: ApproveSecretRevisionOptions,
): Promise<void> {
  const secret = await lockSecret(transaction, options.workspaceId, options.name);
  if (secret === undefined) {
    throw secretError(
      'secret_not_found',
      `No secret ${options.name} in this workspace; GET /api/secrets lists them.`,
      { name: options.name },
    );
  }
  const skill = options.skill.toLowerCase();
  const quoted = JSON.stringify(skill.slice(0, 64));
  if (!secret.skills.includes(skill)) {
    throw secretError(
      'secret_skill_not_bound',
      `Skill ${quoted} is not bound to ${options.name}; bind it first by adding it to the secret's skills.`,
      { name: options.name, skill },
    );
  }
  const revision = (await findSecretRevisions(transaction, options.workspaceId, [skill])).get(
    skill,
  );
  if (revision === undefined) {
    throw secretError(
      'skill_not_found',
      `No workspace or public skill ${quoted} exists in this workspace, so there is no revision to approve for ${options.name}.`,
      { name: options.name, skill },
    );
  }
  if (options.digest !== undefined && options.digest !== revision.digest) {
    throw secretError(
      'secret_revision_changed',
      `Skill ${quoted} changed since it was reviewed: its current revision is version ${revision.version} (${revision.digest}), not ${JSON.stringify(options.digest.slice(0, 80))}. Review it and approve again.`,
      { name: options.name, skill, version: revision.version, digest: revision.digest },
    );
  }
  await saveSecretApproval(transaction, {
    secretId: secret.id,
    skill,
    revision,
    approvedBy: options.actor?.id ?? null,
  });
  await auditSecret(transaction, 'secret.approve', options, {
    skill,
    version: revision.version,
    digest: revision.digest,
    author: revision.author,
  });
}
