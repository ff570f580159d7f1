import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { ACCESS_CHANGES_CHANNEL, type AccessChange } from './access-change.ts';

/**
 * Raises the access epoch and queues an access-change notification inside the caller's
 * transaction; PostgreSQL (and PGlite) send it on commit, to every instance on the database.
 */
export async function notifyAccessChange(
  database: StoreDatabase,
  change: AccessChange,
): Promise<void> {
  await database.execute(sql`update access_epoch set value = value + 1 where id = 1`);
  await database.execute(
    sql`select pg_notify(${ACCESS_CHANGES_CHANNEL}, ${JSON.stringify(change)})`,
  );
}

/** The committed access epoch: it changes with every committed access change. */
export async function readAccessEpoch(database: StoreDatabase): Promise<string> {
  const [row] = await queryRows<{ value: string }>(
    database,
    sql`select value::text as value from access_epoch where id = 1`,
  );
  return row?.value ?? '0';
}
