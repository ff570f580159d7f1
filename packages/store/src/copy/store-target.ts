import { isDeepStrictEqual } from 'node:util';
import { SkillsetError } from '@skillset/core';
import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { MIGRATIONS_TABLE } from '../migrate/migrate.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import type { StoreTable } from './store-tables.ts';

/** Tables the migrations fill themselves: a fresh database already holds their rows. */
const FILLED_BY_MIGRATIONS = new Set(['access_epoch', 'skill_epoch']);

/** An error of moving a store's rows (copy, backup, restore), with a sentence that says what to do. */
export function moveError(code: StoreErrorCode, message: string): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({ code, message });
}

/** The ids of the migrations applied to a database, in order: its schema version. */
export async function appliedMigrations(database: StoreDatabase): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    database,
    sql`select id from ${sql.identifier(MIGRATIONS_TABLE)} order by id`,
  );
  return rows.map((row) => row.id);
}

/** Refuses rows of one schema version for a database of another. */
export function assertSameSchema(rows: readonly string[], target: readonly string[], what: string) {
  if (!isDeepStrictEqual(rows, target)) {
    throw moveError(
      'schema_mismatch',
      `${what} is at schema version ${rows.at(-1) ?? 'none'} and the target at ${target.at(-1) ?? 'none'}; use the version of Skillset that matches both.`,
    );
  }
}

/**
 * Empties the target's tables in its transaction; refuses (`target_not_empty`) a target holding
 * any row a fresh database would not, unless `replace`.
 */
export async function emptyTarget(
  database: StoreDatabase,
  tables: readonly StoreTable[],
  replace: boolean,
): Promise<void> {
  const held: string[] = [];
  for (const { name } of tables) {
    if (FILLED_BY_MIGRATIONS.has(name)) continue;
    const [row] = await queryRows<{ rows: number }>(
      database,
      sql`select count(*)::int as rows from ${sql.identifier(name)}`,
    );
    if ((row?.rows ?? 0) > 0) held.push(`${row?.rows} in ${name}`);
  }
  if (held.length > 0 && !replace) {
    throw moveError(
      'target_not_empty',
      `The target database already holds data (${held.join(', ')}); use an empty database, or replace what it holds with --force.`,
    );
  }
  const names = sql.join(
    tables.map((table) => sql.identifier(table.name)),
    sql`, `,
  );
  await database.execute(sql`truncate ${names} cascade`);
}
