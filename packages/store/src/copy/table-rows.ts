import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import type { StoreTable } from './store-tables.ts';

/** Rows read and written at a time. */
export const PAGE_ROWS = 500;

/** The rows of a table as JSON texts, a page at a time, in primary-key order. */
export async function* readTableRows(
  database: StoreDatabase,
  table: StoreTable,
): AsyncGenerator<string[]> {
  const name = sql.identifier(table.name);
  const order =
    table.key.length > 0
      ? sql.join(
          table.key.map((column) => sql.identifier(column)),
          sql`, `,
        )
      : sql`1`;
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = await queryRows<{ line: string }>(
      database,
      sql`select row_to_json(t)::text as line from ${name} t
          order by ${order} limit ${PAGE_ROWS} offset ${offset}`,
    );
    if (page.length === 0) return;
    yield page.map((row) => row.line);
    if (page.length < PAGE_ROWS) return;
  }
}

/** Writes rows given as JSON texts (as {@link readTableRows} reads them) into a table. */
export async function writeTableRows(
  database: StoreDatabase,
  table: StoreTable,
  lines: readonly string[],
): Promise<void> {
  if (lines.length === 0) return;
  const name = sql.identifier(table.name);
  await database.execute(
    sql`insert into ${name} overriding system value
        select * from json_populate_recordset(null::${name}, ${`[${lines.join(',')}]`}::json)`,
  );
}

/** Sets a table's identity sequences after its highest value, as they would be on the source. */
export async function continueIdentities(
  database: StoreDatabase,
  table: StoreTable,
): Promise<void> {
  const name = sql.identifier(table.name);
  for (const column of table.identities) {
    await database.execute(
      sql`select setval(pg_get_serial_sequence(${table.name}, ${column}),
          coalesce((select max(${sql.identifier(column)}) from ${name}), 1),
          (select count(*) > 0 from ${name}))`,
    );
  }
}
