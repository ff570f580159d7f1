import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
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
