import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { skills } from '../schema/skills.ts';
import { visibleSkills } from './skill-rows.ts';
import type { SkillAccess } from './skill-types.ts';

/** The outcome of claiming the next version number of a skill. */
export type ClaimVersionResult =
  | { ok: true; number: number; updatedAt: Date }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'conflict'; currentVersion: number };

/**
 * Atomically claims a skill's next revision number (`UPDATE … WHERE current_version = expected`),
 * so that of concurrent writers with the same expected version exactly one wins; the row stays
 * locked until the transaction ends. A published write also makes the new number the published
 * one; a proposal leaves the published revision as it is.
 */
export async function claimNextVersion(
  database: StoreDatabase,
  access: SkillAccess,
  id: string,
  expectedVersion: number | undefined,
  propose = false,
): Promise<ClaimVersionResult> {
  const conditions: SQL[] = [eq(skills.id, id), visibleSkills(access)];
  if (expectedVersion !== undefined) conditions.push(eq(skills.currentVersion, expectedVersion));
  const next = sql`${skills.latestVersion} + 1`;
  const [row] = await database
    .update(skills)
    .set(
      propose
        ? { latestVersion: next }
        : { latestVersion: next, currentVersion: next, updatedAt: sql`now()` },
    )
    .where(and(...conditions))
    .returning({ number: skills.latestVersion, updatedAt: skills.updatedAt });
  if (row !== undefined) return { ok: true, number: row.number, updatedAt: row.updatedAt };
  const [current] = await database
    .select({ currentVersion: skills.currentVersion })
    .from(skills)
    .where(and(eq(skills.id, id), visibleSkills(access)));
  if (current === undefined) return { ok: false, reason: 'not_found' };
  return { ok: false, reason: 'conflict', currentVersion: current.currentVersion };
}
