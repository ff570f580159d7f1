import { sql } from 'drizzle-orm';
import { queryRows, type StoreDatabase } from '../database/store-database.ts';

/** The committed access epoch: it changes with every committed access change. */
export async function readAccessEpoch(database: StoreDatabase): Promise<string> {
  const [row] = await queryRows<{ value: string }>(
    database,
    sql`select value::text as value from access_epoch where id = 1`,
  );
  return row?.value ?? '0';
}

/** The committed skill epoch: it changes with every committed skill change. */
export async function readSkillEpoch(database: StoreDatabase): Promise<string> {
  const [row] = await queryRows<{ value: string }>(
    database,
    sql`select value::text as value from skill_epoch where id = 1`,
  );
  return row?.value ?? '0';
}
