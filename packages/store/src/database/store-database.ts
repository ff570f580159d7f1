import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** A Drizzle database or transaction on either driver (PGlite or node-postgres). */
export type StoreDatabase = PgDatabase<PgQueryResultHKT>;

/** Runs a raw SQL query and returns its rows, on either driver. */
export async function queryRows<Row>(database: StoreDatabase, query: SQL): Promise<Row[]> {
  const result = (await database.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
