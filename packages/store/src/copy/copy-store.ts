import { isDeepStrictEqual } from 'node:util';
import { SkillsetError } from '@skillset/core';
import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { MIGRATIONS_TABLE } from '../migrate/migrate.ts';
import type { Store } from '../store/store.ts';
import type { StoreErrorCode } from '../store/store-error-code.ts';
import { digestTables, type TableDigest } from './digest-store.ts';
import { listStoreTables, type StoreTable } from './store-tables.ts';

/** Rows read and written at a time. */
const PAGE_ROWS = 500;

/** Tables the migrations fill themselves: a fresh database already holds their rows. */
const FILLED_BY_MIGRATIONS = new Set(['access_epoch']);

/** Options for {@link copyStore}. */
export interface CopyStoreOptions {
  from: Store;
  to: Store;
  /** Replace what the target holds; without it a target with any row is refused. */
  replace?: boolean;
  /** Called after each table is written, with how many rows it received. */
  onTable?: (table: string, rows: number) => void;
}

/** What {@link copyStore} copied: each table's rows and content digest, equal on both sides. */
export interface CopyStoreResult {
  tables: TableDigest[];
}

function copyError(code: StoreErrorCode, message: string): SkillsetError<StoreErrorCode> {
  return new SkillsetError<StoreErrorCode>({ code, message });
}

async function appliedMigrations(database: StoreDatabase): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    database,
    sql`select id from ${sql.identifier(MIGRATIONS_TABLE)} order by id`,
  );
  return rows.map((row) => row.id);
}

async function rowCounts(database: StoreDatabase, tables: readonly StoreTable[]) {
  const counts: Array<{ table: string; rows: number }> = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number }>(
      database,
      sql`select count(*)::int as rows from ${sql.identifier(name)}`,
    );
    counts.push({ table: name, rows: row?.rows ?? 0 });
  }
  return counts;
}

async function copyTable(from: StoreDatabase, to: StoreDatabase, table: StoreTable) {
  const name = sql.identifier(table.name);
  const order = sql.join(
    table.key.map((column) => sql.identifier(column)),
    sql`, `,
  );
  let copied = 0;
  for (;;) {
    const page = await queryRows<{ line: string }>(
      from,
      sql`select row_to_json(t)::text as line from ${name} t
          order by ${table.key.length > 0 ? order : sql`1`} limit ${PAGE_ROWS} offset ${copied}`,
    );
    if (page.length === 0) break;
    const rows = `[${page.map((row) => row.line).join(',')}]`;
    await to.execute(
      sql`insert into ${name} overriding system value
          select * from json_populate_recordset(null::${name}, ${rows}::json)`,
    );
    copied += page.length;
  }
  // Identity columns go on after the highest copied value, as they would have on the source.
  for (const column of table.identities) {
    await to.execute(
      sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
          coalesce((select max(${sql.identifier(column)}) from ${name}), 1),
          (select count(*) > 0 from ${name}))`,
    );
  }
  return copied;
}

/**
 * Copies every row of every table from one store into another of the same schema version, in one
 * transaction on the target, and compares each table's row count and content digest before it
 * commits: on any difference nothing is kept. Both stores must be quiet: nobody may write to the
 * source meanwhile (a stopped PGlite folder, or a server that is stopped).
 */
export async function copyStore(options: CopyStoreOptions): Promise<CopyStoreResult> {
  const { from, to } = options;
  const [fromVersion, toVersion] = await Promise.all([
    appliedMigrations(from.database),
    appliedMigrations(to.database),
  ]);
  if (!isDeepStrictEqual(fromVersion, toVersion)) {
    throw copyError(
      'schema_mismatch',
      `The two databases are at different schema versions (${fromVersion.at(-1) ?? 'none'} and ${toVersion.at(-1) ?? 'none'}); open both with this version of Skillset first.`,
    );
  }
  const tables = await listStoreTables(from.database);
  return to.transaction(async (target) => {
    const held = (await rowCounts(target.database, tables)).filter(
      (count) => count.rows > 0 && !FILLED_BY_MIGRATIONS.has(count.table),
    );
    if (held.length > 0 && options.replace !== true) {
      const listed = held.map((count) => `${count.rows} in ${count.table}`).join(', ');
      throw copyError(
        'target_not_empty',
        `The target database already holds data (${listed}); copy into an empty database, or replace what it holds with --force.`,
      );
    }
    const names = sql.join(
      tables.map((table) => sql.identifier(table.name)),
      sql`, `,
    );
    await target.database.execute(sql`truncate ${names} cascade`);
    return from.transaction(async (source) => {
      for (const table of tables) {
        const rows = await copyTable(source.database, target.database, table);
        options.onTable?.(table.name, rows);
      }
      const expected = await digestTables(source.database, tables);
      const written = await digestTables(target.database, tables);
      const differing = expected.filter(
        (digest, index) => !isDeepStrictEqual(digest, written[index]),
      );
      if (differing.length > 0) {
        throw copyError(
          'copy_mismatch',
          `The copy differs from the source in ${differing.map((digest) => digest.table).join(', ')}; nothing was kept. Report this with both database versions.`,
        );
      }
      return { tables: expected };
    });
  });
}
