import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import type { StoreTable } from './store-tables.ts';

/** How many rows a table holds and a digest of their content, comparable across stores. */
export interface TableDigest {
  table: string;
  rows: number;
  /** The MD5 of every row's MD5 (of its JSON text, timestamps in UTC), in sorted order. */
  digest: string;
}

/** The row count and content digest of each table, in UTC so both kinds of store print alike; run it in a transaction. */
export async function digestTables(
  database: StoreDatabase,
  tables: readonly StoreTable[],
): Promise<TableDigest[]> {
  await database.execute(sql`set local timezone = 'UTC'`);
  const digests: TableDigest[] = [];
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; digest: string | null }>(
      database,
      sql`select count(*)::int as rows, md5(string_agg(line, '' order by line)) as digest
          from (select md5(row_to_json(t)::text) as line from ${sql.identifier(name)} t) lines`,
    );
    digests.push({ table: name, rows: row?.rows ?? 0, digest: row?.digest ?? '' });
  }
  return digests;
}
