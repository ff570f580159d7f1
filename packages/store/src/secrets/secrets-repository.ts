import { randomUUID } from 'node:crypto';
import { SkillsetError } from '@skillset/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { runInTransaction, type StoreSession } from '../database/store-session.ts';
import type { Actor } from '../repositories/actor.ts';
import { appendAudit } from '../repositories/audit-repository.ts';
import { skillSecrets } from '../schema/skill-secrets.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import {
  checkSecretInput,
  normalizeSkillNames,
  SECRET_NAME_PATTERN,
  type SecretInputIssue,
} from './check-secret-input.ts';
import { decryptSecretValue, encryptSecretValue } from './secret-cipher.ts';
import { SECRET_KEY_HOWTO, type SecretKey } from './secret-key.ts';

/** A stored secret as it may be shown: never its value. */
export interface StoredSecret {
  name: string;
  /** The lowercase names of the skills whose scripts get the value. */
  skills: string[];
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
  /** The skills the secret is bound to, replacing the previous list; matched case-insensitively. */
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

/** Options for {@link SecretsRepository.valuesFor}. */
export interface SecretValuesForOptions {
  workspaceId: string;
  /** The skill whose script runs; only secrets bound to it are returned. */
  skillName: string;
  /** The variables the skill asks for (its `requires.env`); others are never returned. */
  names: readonly string[];
}

/** A workspace's secrets: encrypted values bound to skills; values leave only through `valuesFor`. */
export interface SecretsRepository {
  /** True when the store has a key (`SKILLSET_SECRET_KEY`), so values can be stored and read. */
  readonly configured: boolean;
  /** The workspace's secrets by name, without values. */
  list(workspaceId: string): Promise<StoredSecret[]>;
  get(workspaceId: string, name: string): Promise<StoredSecret | undefined>;
  /**
   * Creates or replaces a secret's value and/or skills, audited as `secret.set` (never the value);
   * without a value only an existing secret is rebound (`secret_not_found` otherwise).
   */
  set(options: SetSecretOptions): Promise<SetSecretResult>;
  /** Deletes a secret, audited as `secret.delete`; false when there was none. */
  delete(options: DeleteSecretOptions): Promise<boolean>;
  /**
   * The decrypted values of those of `names` that are bound to `skillName`, by name; a name that
   * is not stored or bound to other skills only is left out. Throws `secrets_not_configured`
   * when such a value exists but the store has no key, `secret_undecryptable` when it fails.
   */
  valuesFor(options: SecretValuesForOptions): Promise<Record<string, string>>;
}

const columns = {
  name: skillSecrets.name,
  skills: skillSecrets.skills,
  createdBy: skillSecrets.createdBy,
  createdAt: skillSecrets.createdAt,
  updatedAt: skillSecrets.updatedAt,
};

function invalidSecret(issues: SecretInputIssue[]): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'invalid_secret',
    message: issues.map((issue) => issue.message).join(' '),
    details: { issues },
  });
}

/** Audits a change of a secret: its name and skills, never its value. */
function auditSecret(
  database: StoreDatabase,
  action: 'secret.set' | 'secret.delete',
  target: Pick<SetSecretOptions, 'workspaceId' | 'name' | 'actor'>,
  details: Record<string, unknown>,
): Promise<void> {
  return appendAudit(database, {
    workspaceId: target.workspaceId,
    ...(target.actor === undefined ? {} : { actor: target.actor }),
    action,
    target: { kind: 'secret', id: target.name },
    details: { name: target.name, ...details },
  });
}

/** The error for a secrets call on a store without a key. */
export function secretsNotConfigured(): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({
    code: 'secrets_not_configured',
    message: `Secrets are not configured on this server: ${SECRET_KEY_HOWTO}.`,
  });
}

/** Creates the secrets repository over a session; without `key` values can be neither set nor read. */
export function createSecretsRepository(
  session: StoreSession,
  key: SecretKey | undefined,
): SecretsRepository {
  const { database } = session;
  const inWorkspace = (workspaceId: string, name: string) =>
    and(eq(skillSecrets.workspaceId, workspaceId), eq(skillSecrets.name, name));
  return {
    configured: key !== undefined,
    list: (workspaceId) =>
      database
        .select(columns)
        .from(skillSecrets)
        .where(eq(skillSecrets.workspaceId, workspaceId))
        .orderBy(asc(skillSecrets.name)),
    async get(workspaceId, name) {
      const [row] = await database
        .select(columns)
        .from(skillSecrets)
        .where(inWorkspace(workspaceId, name));
      return row;
    },
    set: (options) => {
      const issues = checkSecretInput(options);
      if (issues.length > 0) return Promise.reject(invalidSecret(issues));
      const skills = normalizeSkillNames(options.skills);
      const { value } = options;
      if (value !== undefined && key === undefined) return Promise.reject(secretsNotConfigured());
      return runInTransaction(session, async (transaction) => {
        if (value === undefined) {
          const [row] = await transaction
            .update(skillSecrets)
            .set({ skills, updatedAt: sql`now()` })
            .where(inWorkspace(options.workspaceId, options.name))
            .returning(columns);
          if (row === undefined) {
            throw new SkillsetError<StoreErrorCode>({
              code: 'secret_not_found',
              message: `No secret ${options.name} in this workspace; give a value to create it.`,
              details: { name: options.name },
            });
          }
          await auditSecret(transaction, 'secret.set', options, {
            skills,
            created: false,
            valueChanged: false,
          });
          return { secret: row, created: false, valueChanged: false };
        }
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
        const [row] = await transaction
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
        if (row === undefined) throw new TypeError('the secret was not written');
        const { created, ...secret } = row;
        await auditSecret(transaction, 'secret.set', options, {
          skills,
          created,
          valueChanged: true,
        });
        return { secret, created, valueChanged: true };
      });
    },
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
    async valuesFor(options) {
      const names = [...new Set(options.names)].filter((name) => SECRET_NAME_PATTERN.test(name));
      if (names.length === 0) return {};
      const rows = await database
        .select({
          name: skillSecrets.name,
          ciphertext: skillSecrets.ciphertext,
          iv: skillSecrets.iv,
          authTag: skillSecrets.authTag,
          keyId: skillSecrets.keyId,
        })
        .from(skillSecrets)
        .where(
          and(
            eq(skillSecrets.workspaceId, options.workspaceId),
            inArray(skillSecrets.name, names),
            sql`${options.skillName.toLowerCase()} = any(${skillSecrets.skills})`,
          ),
        );
      if (rows.length === 0) return {};
      if (key === undefined) throw secretsNotConfigured();
      const values: Record<string, string> = {};
      for (const { name, ...encrypted } of rows) {
        values[name] = decryptSecretValue({
          key,
          workspaceId: options.workspaceId,
          name,
          encrypted,
        });
      }
      return values;
    },
  };
}
