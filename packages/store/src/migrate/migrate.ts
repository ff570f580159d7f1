import { SkillsetError } from '@skillset/core';
import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import { loadMigrations } from './load-migrations.ts';

/** Options for {@link migrate}. */
export interface MigrateOptions {
  /** A folder of `NNNN-name.sql` files; defaults to the store's own migrations. */
  folder?: string;
  /** Stop after this migration (a restore builds the schema its backup was made with). */
  until?: string;
}

/** What {@link migrate} did. */
export interface MigrateResult {
  /** The migrations applied by this call, in order. */
  applied: string[];
}

/** The table that records applied migrations. */
export const MIGRATIONS_TABLE = 'skillset_migrations';

/** Refuses, before touching anything, a database a newer version migrated further. */
async function assertNoNewerMigrations(
  database: StoreDatabase,
  known: ReadonlyArray<{ id: string }>,
): Promise<void> {
  const tables = await queryRows<{ name: string | null }>(
    database,
    sql`select to_regclass(${MIGRATIONS_TABLE})::text as name`,
  );
  if (tables[0]?.name == null) return;
  const rows = await queryRows<{ id: string }>(
    database,
    sql`select id from ${sql.identifier(MIGRATIONS_TABLE)} order by id`,
  );
  const knownIds = new Set(known.map((migration) => migration.id));
  const unknown = rows.map((row) => row.id).filter((id) => !knownIds.has(id));
  if (unknown.length > 0) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'schema_too_new',
      message: `This database was migrated by a newer version of Skillset (${unknown.join(', ')}), which this version does not know; it was left untouched. Run that version or a newer one.`,
      details: { migrations: unknown },
    });
  }
}

/**
 * Applies the pending migrations, each in its own transaction under an advisory lock, so that
 * several instances starting at once apply each migration exactly once.
 */
export async function migrate(
  database: StoreDatabase,
  options: MigrateOptions = {},
): Promise<MigrateResult> {
  const all = await loadMigrations(options.folder);
  const last =
    options.until === undefined ? all.length : all.findIndex((m) => m.id === options.until) + 1;
  if (last === 0) {
    throw new SkillsetError<StoreErrorCode>({
      code: 'schema_mismatch',
      message: `This version of Skillset does not know migration ${options.until}: the data comes from a newer version; use that version or a newer one.`,
    });
  }
  await assertNoNewerMigrations(database, all);
  const migrations = all.slice(0, last);
  const applied: string[] = [];
  for (const migration of migrations) {
    await database.transaction(async (transaction) => {
      await transaction.execute(sql`select pg_advisory_xact_lock(hashtext('skillset_migrate'))`);
      await transaction.execute(
        sql.raw(`create table if not exists ${MIGRATIONS_TABLE} (
          id text primary key,
          checksum text not null,
          applied_at timestamptz not null default now()
        )`),
      );
      const rows = await queryRows<{ checksum: string }>(
        transaction as StoreDatabase,
        sql`select checksum from ${sql.identifier(MIGRATIONS_TABLE)} where id = ${migration.id}`,
      );
      const existing = rows[0];
      if (existing !== undefined) {
        if (existing.checksum !== migration.checksum) {
          throw new SkillsetError<StoreErrorCode>({
            code: 'migration_changed',
            message: `Migration ${migration.id} was changed after it was applied; add a new migration instead of editing an applied one.`,
            details: { migration: migration.id },
          });
        }
        return;
      }
      for (const statement of migration.statements) {
        await transaction.execute(sql.raw(statement));
      }
      await transaction.execute(
        sql`insert into ${sql.identifier(MIGRATIONS_TABLE)} (id, checksum) values (${migration.id}, ${migration.checksum})`,
      );
      applied.push(migration.id);
    });
  }
  return { applied };
}

/**
 * The ids of the migrations not applied to this database yet (all of them on an empty one).
 * Throws when the database cannot be reached.
 */
export async function listPendingMigrations(
  database: StoreDatabase,
  options: MigrateOptions = {},
): Promise<string[]> {
  const migrations = await loadMigrations(options.folder);
  const tables = await queryRows<{ name: string | null }>(
    database,
    sql`select to_regclass(${MIGRATIONS_TABLE})::text as name`,
  );
  if (tables[0]?.name == null) return migrations.map((migration) => migration.id);
  const rows = await queryRows<{ id: string }>(
    database,
    sql`select id from ${sql.identifier(MIGRATIONS_TABLE)}`,
  );
  const applied = new Set(rows.map((row) => row.id));
  return migrations
    .filter((migration) => !applied.has(migration.id))
    .map((migration) => migration.id);
}
