import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';
import { ACCESS_CHANGES_CHANNEL, type AccessChange } from './access-change.ts';

/**
 * Raises the access epoch and queues an access-change notification carrying it inside the caller's
 * transaction; PostgreSQL (and PGlite) send it on commit, to every instance on the database. The
 * update locks the epoch's row, so epochs rise by one in commit order, the order of delivery.
 */
export async function notifyAccessChange(
  database: StoreDatabase,
  change: AccessChange,
): Promise<void> {
  const [raised] = await queryRows<{ value: string }>(
    database,
    sql`update access_epoch set value = value + 1 where id = 1 returning value::text as value`,
  );
  const epoch = raised?.value ?? '0';
  await database.execute(
    sql`select pg_notify(${ACCESS_CHANGES_CHANNEL}, ${JSON.stringify({ ...change, epoch })})`,
  );
}
