import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import type { Actor } from '../repositories/actor.ts';
import { skillSecrets } from '../schema/skill-secrets.ts';
import {
  type ApproveSecretRevisionOptions,
  approveSecretRevision,
  lockSecret,
} from './approve-secret-revision.ts';
import { auditSecret } from './audit-secret.ts';
import { checkSecretInput, normalizeSkillNames } from './check-secret-input.ts';
import {
  approveNewBindings,
  type BoundSecret,
  readSecretBindings,
  type SecretBinding,
} from './secret-bindings.ts';
import { encryptSecretValue } from './secret-cipher.ts';
import { invalidSecret, secretError, secretsNotConfigured } from './secret-errors.ts';
import type { SecretKey } from './secret-key.ts';
import { findSecretRevisions, type SecretRevision } from './secret-revisions.ts';
import {
  readSecretValues,
  type SecretValues,
  type SecretValuesForOptions,
} from './secret-values.ts';

export type { ApproveSecretRevisionOptions } from './approve-secret-revision.ts';
export { secretsNotConfigured } from './secret-errors.ts';
export type { SecretValues, SecretValuesForOptions, WithheldSecret } from './secret-values.ts';

/** A stored secret as it may be shown: never its value. */
export interface StoredSecret {
  name: string;
  /** The lowercase names of the skills the secret is bound to. */
  skills: string[];
  /**
   * Per bound skill, the revision an admin approved and the current one: only the scripts of an
   * approved current revision get the value.
   */
  bindings: SecretBinding[];
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Options for {@link SecretsRepository.set}. */
export interface SetSecretOptions {
  workspaceId: string;
  name: string;
  /** The new value; absent keeps the stored one (required when the secret does not exist yet). */
  value?: string | undefined;
  /**
   * The skills the secret is bound to, replacing the previous list; matched case-insensitively. A
   * newly bound skill's current revision is approved with it; skills bound before keep theirs.
   */
  skills: readonly string[];
  actor?: Actor;
}

/** What {@link SecretsRepository.set} did. */
export interface SetSecretResult {
  secret: StoredSecret;
  created: boolean;
  valueChanged: boolean;
}

/** Options for {@link SecretsRepository.delete}. */
export interface DeleteSecretOptions {
  workspaceId: string;
  name: string;
  actor?: Actor;
}

/** A workspace's secrets: encrypted values bound to skills; values leave only through `valuesFor`. */
export interface SecretsRepository {
  /** True when the store has a key (`SKILLSET_SECRET_KEY`), so values can be stored and read. */
  readonly configured: boolean;
  /** The workspace's secrets by name, without values. */
  list(workspaceId: string): Promise<StoredSecret[]>;
  /** Only the names and bound skills of the workspace's secrets (no revisions read), for policy. */
  listBound(workspaceId: string): Promise<Array<Pick<StoredSecret, 'name' | 'skills'>>>;
  get(workspaceId: string, name: string): Promise<StoredSecret | undefined>;
  /**
   * Creates or replaces a secret's value and/or skills, audited as `secret.set` (never the value);
   * without a value only an existing secret is rebound (`secret_not_found` otherwise).
   */
  set(options: SetSecretOptions): Promise<SetSecretResult>;
  /**
   * Approves the current revision of a bound skill for the secret, audited as `secret.approve`;
   * `secret_not_found`, `secret_skill_not_bound`, `skill_not_found` (no revision to approve) or
   * `secret_revision_changed` (not the `digest` reviewed) otherwise.
   */
  approve(options: ApproveSecretRevisionOptions): Promise<StoredSecret>;
  /** The revision a secret bound to `skill` would reach now in the workspace, if any. */
  revisionOf(workspaceId: string, skill: string): Promise<SecretRevision | undefined>;
  /** Deletes a secret, audited as `secret.delete`; false when there was none. */
  delete(options: DeleteSecretOptions): Promise<boolean>;
  /**
   * The decrypted values of those of `names` that are bound to `skillName` and approved for
   * exactly `revision`, and the bound ones withheld because another revision (or none) was
   * approved; a name not stored or bound to other skills only is in neither. Throws
   * `secrets_not_configured` when a value is due but the store has no key,
   * `secret_undecryptable` when decryption fails.
   */
  valuesFor(options: SecretValuesForOptions): Promise<SecretValues>;
}

const columns = {
  id: skillSecrets.id,
  name: skillSecrets.name,
  skills: skillSecrets.skills,
  createdBy: skillSecrets.createdBy,
  createdAt: skillSecrets.createdAt,
  updatedAt: skillSecrets.updatedAt,
};

type SecretRow = BoundSecret & Omit<StoredSecret, 'bindings'>;

/** Adds each secret's bindings (approved and current revisions) and drops its row id. */
async function withBindings(
  database: StoreDatabase,
  workspaceId: string,
  rows: readonly SecretRow[],
): Promise<StoredSecret[]> {
  const bindings = await readSecretBindings(database, workspaceId, rows);
  return rows.map(({ id, ...secret }) => ({ ...secret, bindings: bindings.get(id) ?? [] }));
}

/** Creates the secrets repository over a session; without `key` values can be neither set nor read. */
export function createSecretsRepository(
  session: StoreSession,
  key: SecretKey | undefined,
): SecretsRepository {
  const { database } = session;
  const inWorkspace = (workspaceId: string, name: string) =>
    and(eq(skillSecrets.workspaceId, workspaceId), eq(skillSecrets.name, name));
  const get = async (from: StoreDatabase, workspaceId: string, name: string) => {
    const rows = await from
      .select(columns)
      .from(skillSecrets)
      .where(inWorkspace(workspaceId, name));
    return (await withBindings(from, workspaceId, rows))[0];
  };
  return {
    configured: key !== undefined,
    async list(workspaceId) {
      const rows = await database
        .select(columns)
        .from(skillSecrets)
        .where(eq(skillSecrets.workspaceId, workspaceId))
        .orderBy(asc(skillSecrets.name));
      return withBindings(database, workspaceId, rows);
    },
    listBound: (workspaceId) =>
      database
        .select({ name: skillSecrets.name, skills: skillSecrets.skills })
        .from(skillSecrets)
        .where(eq(skillSecrets.workspaceId, workspaceId))
        .orderBy(asc(skillSecrets.name)),
    get: (workspaceId, name) => get(database, workspaceId, name),
    async revisionOf(workspaceId, skill) {
      const name = skill.toLowerCase();
      return (await findSecretRevisions(database, workspaceId, [name])).get(name);
    },
    set: (options) => {
      const issues = checkSecretInput(options);
      if (issues.length > 0) return Promise.reject(invalidSecret(issues));
      const skills = normalizeSkillNames(options.skills);
      const { value } = options;
      if (value !== undefined && key === undefined) return Promise.reject(secretsNotConfigured());
      return runInTransaction(session, async (transaction) => {
        const previous = await lockSecret(transaction, options.workspaceId, options.name);
        let row: SecretRow | undefined;
        let created = false;
        if (value === undefined) {
          if (previous === undefined) {
            throw secretError(
              'secret_not_found',
              `No secret ${options.name} in this workspace; give a value to create it.`,
              { name: options.name },
            );
          }
          [row] = await transaction
            .update(skillSecrets)
            .set({ skills, updatedAt: sql`now()` })
            .where(inWorkspace(options.workspaceId, options.name))
            .returning(columns);
        } else {
          const encrypted = encryptSecretValue({
            key: key as SecretKey,
            workspaceId: options.workspaceId,
            name: options.name,
            value,
          });
          const stored = {
            ciphertext: encrypted.ciphertext,
            iv: encrypted.iv,
            authTag: encrypted.authTag,
            keyId: encrypted.keyId,
            skills,
          };
          const [written] = await transaction
            .insert(skillSecrets)
            .values({
              id: randomUUID(),
              workspaceId: options.workspaceId,
              name: options.name,
              createdBy: options.actor?.id ?? null,
              ...stored,
            })
            .onConflictDoUpdate({
              target: [skillSecrets.workspaceId, skillSecrets.name],
              set: { ...stored, updatedAt: sql`now()` },
            })
            .returning({ ...columns, created: sql<boolean>`(xmax = 0)` });
          if (written !== undefined) ({ created, ...row } = written);
        }
        if (row === undefined) throw new TypeError('the secret was not written');
        const approved = await approveNewBindings(
          transaction,
          { workspaceId: options.workspaceId, secretId: row.id, actor: options.actor },
          skills,
          previous?.skills ?? [],
        );
        const valueChanged = value !== undefined;
        await auditSecret(transaction, 'secret.set', options, {
          skills,
          created,
          valueChanged,
          ...(approved.length === 0 ? {} : { approved }),
        });
        const [secret] = await withBindings(transaction, options.workspaceId, [row]);
        return { secret: secret as StoredSecret, created, valueChanged };
      });
    },
    approve: (options) =>
      runInTransaction(session, async (transaction) => {
        await approveSecretRevision(transaction, options);
        return (await get(transaction, options.workspaceId, options.name)) as StoredSecret;
      }),
    delete: (options) =>
      runInTransaction(session, async (transaction) => {
        const [row] = await transaction
          .delete(skillSecrets)
          .where(inWorkspace(options.workspaceId, options.name))
          .returning({ skills: skillSecrets.skills });
        if (row === undefined) return false;
        await auditSecret(transaction, 'secret.delete', options, { skills: row.skills });
        return true;
      }),
    valuesFor: (options) => readSecretValues(database, key, options),
  };
}
