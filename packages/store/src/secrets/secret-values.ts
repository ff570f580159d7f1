import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skillSecretApprovals } from '../schema/skill-secret-approvals.ts';
import { skillSecrets } from '../schema/skill-secrets.ts';
import { SECRET_NAME_PATTERN } from './check-secret-input.ts';
import { decryptSecretValue } from './secret-cipher.ts';
import { secretsNotConfigured } from './secret-errors.ts';
import type { SecretKey } from './secret-key.ts';
import { isSameRevision, type SkillRevision } from './secret-revisions.ts';

/** Options for {@link readSecretValues}. */
export interface SecretValuesForOptions {
  workspaceId: string;
  /** The skill whose script runs; only secrets bound to it are returned. */
  skillName: string;
  /** The variables the skill asks for (its `requires.env`); others are never returned. */
  names: readonly string[];
  /** The revision whose script runs: only secrets approved for exactly this revision are given. */
  revision: SkillRevision;
}

/** A secret bound to a skill but not given to this revision, with the revision an admin approved instead. */
export interface WithheldSecret {
  name: string;
  /** The approved revision; absent when an admin has approved none of this skill for the secret. */
  approved?: SkillRevision;
}

/** What {@link readSecretValues} gives a run: values, and the bound secrets it withholds. */
export interface SecretValues {
  /** The decrypted values, by name. */
  values: Record<string, string>;
  withheld: WithheldSecret[];
}

/**
 * The decrypted values of those of `names` bound to `skillName` and approved for exactly
 * `revision`, and the bound ones withheld; see `SecretsRepository.valuesFor`.
 */
export async function readSecretValues(
  database: StoreDatabase,
  key: SecretKey | undefined,
  options: SecretValuesForOptions,
): Promise<SecretValues> {
  const result: SecretValues = { values: {}, withheld: [] };
  const names = [...new Set(options.names)].filter((name) => SECRET_NAME_PATTERN.test(name));
  if (names.length === 0) return result;
  const skill = options.skillName.toLowerCase();
  const rows = await database
    .select({
      name: skillSecrets.name,
      ciphertext: skillSecrets.ciphertext,
      iv: skillSecrets.iv,
      authTag: skillSecrets.authTag,
      keyId: skillSecrets.keyId,
      skillId: skillSecretApprovals.skillId,
      version: skillSecretApprovals.version,
      digest: skillSecretApprovals.digest,
    })
    .from(skillSecrets)
    .leftJoin(
      skillSecretApprovals,
      and(
        eq(skillSecretApprovals.secretId, skillSecrets.id),
        eq(skillSecretApprovals.skill, skill),
      ),
    )
    .where(
      and(
        eq(skillSecrets.workspaceId, options.workspaceId),
        inArray(skillSecrets.name, names),
        sql`${skill} = any(${skillSecrets.skills})`,
      ),
    )
    .orderBy(asc(skillSecrets.name));
  for (const { name, skillId, version, digest, ...encrypted } of rows) {
    const approved =
      skillId === null || version === null || digest === null
        ? undefined
        : { skillId, version, digest };
    if (approved === undefined || !isSameRevision(approved, options.revision)) {
      result.withheld.push({ name, ...(approved === undefined ? {} : { approved }) });
      continue;
    }
    if (key === undefined) throw secretsNotConfigured();
    result.values[name] = decryptSecretValue({
      key,
      workspaceId: options.workspaceId,
      name,
      encrypted,
    });
  }
  return result;
}
