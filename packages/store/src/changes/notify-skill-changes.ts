import { sql } from 'drizzle-orm';
import type { StoreDatabase } from '../database/store-database.ts';
import { SKILL_CHANGES_CHANNEL, type SkillChange } from './skill-change.ts';

/** Queues change notifications inside the caller's transaction; PostgreSQL sends them on commit. */
export async function notifySkillChanges(
  database: StoreDatabase,
  changes: readonly SkillChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const payloads = changes.map((change) => JSON.stringify(change));
  await database.execute(
    sql`select pg_notify(${SKILL_CHANGES_CHANNEL}, payload) from unnest(${`{${payloads.map(quoteArrayElement).join(',')}}`}::text[]) as payload`,
  );
}

function quoteArrayElement(value: string): string {
  return `"${value.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
