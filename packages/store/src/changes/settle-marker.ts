import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';

/** The channel of settle markers: sent after a caller's commits, they come back after those commits' changes. */
export const SETTLE_MARKER_CHANNEL = 'skillset_settle_marker';

/** Sends a settle marker; the database delivers it after the changes of every transaction committed before. */
export async function sendSettleMarker(database: StoreDatabase, marker: string): Promise<void> {
  await database.execute(sql`select pg_notify(${SETTLE_MARKER_CHANNEL}, ${marker})`);
}
