import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { SKILL_CHANGES_CHANNEL, type SkillChange } from './skill-change.ts';

/**
 * Raises the skill epoch and queues change notifications inside the caller's transaction;
 * PostgreSQL sends them on commit. The update locks the epoch's row until commit, so a reader of
 * the epoch that then settles the feed has every change the epoch counted.
 */
export async function notifySkillChanges(
  database: StoreDatabase,
  changes: readonly SkillChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const payloads = changes.map((change) => JSON.stringify(change));
  await database.execute(sql`update skill_epoch set value = value + 1 where id = 1`);
  await database.execute(
    sql`select pg_notify(${SKILL_CHANGES_CHANNEL}, payload) from unnest(${`{${payloads.map(quoteArrayElement).join(',')}}`}::text[]) as payload`,
  );
}

function quoteArrayElement(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
