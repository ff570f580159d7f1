import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import type { StoreTable } from './store-tables.ts';

/** Rows read and written at a time. */
export const PAGE_ROWS = 500;

/**
 * The rows of a table as JSON texts, a page at a time, in primary-key order: each page starts
 * after the last key read (keyset paging), so a large table is read in linear time.
 */
export async function* readTableRows(
  database: StoreDatabase,
  table: StoreTable,
): AsyncGenerator<string[]> {
  const name = sql.identifier(table.name);
  const columns = table.key.map((column) => sql.identifier(column));
  const key = sql.join(
    columns.map((column) => sql`t.${column}`),
    sql`, `,
  );
  const lastKey = sql.join(
    columns.map((column) => sql`last.${column}`),
    sql`, `,
  );
  let last: string | undefined;
  for (let offset = 0; ; offset += PAGE_ROWS) {
    const page = await queryRows<{ line: string }>(
      database,
      table.key.length === 0
        ? sql`select row_to_json(t)::text as line from ${name} t
            order by 1 limit ${PAGE_ROWS} offset ${offset}`
        : sql`select row_to_json(t)::text as line from ${name} t
            ${
              last === undefined
                ? sql``
                : sql`where (${key}) > (select ${lastKey}
                    from json_populate_record(null::${name}, ${last}::json) last)`
            }
            order by ${key} limit ${PAGE_ROWS}`,
    );
    if (page.length === 0) return;
    yield page.map((row) => row.line);
    if (page.length < PAGE_ROWS) return;
    last = page[page.length - 1]?.line;
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
