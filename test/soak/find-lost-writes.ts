import type { Store } from '@skillset/store';
import { skills, skillVersions } from '@skillset/store/test';
import { and, eq, inArray } from 'drizzle-orm';
import type { AcknowledgedWrite } from './fleet-read-back.ts';

const BATCH = 500;

/**
 * The acknowledged writes the database does not hold: no version of that number of that
 * workspace's skill, or one without the write's marker.
 */
export async function findLostWrites(
  store: Store,
  writes: readonly AcknowledgedWrite[],
): Promise<AcknowledgedWrite[]> {
  const stored = new Map<string, string>();
  const names = [...new Set(writes.map((write) => write.name))];
  for (let start = 0; start < names.length; start += BATCH) {
    const rows = await store.database
      .select({
        workspaceId: skills.workspaceId,
        name: skills.name,
        number: skillVersions.number,
        skillMd: skillVersions.skillMd,
      })
      .from(skillVersions)
      .innerJoin(skills, eq(skills.id, skillVersions.skillId))
      .where(
        and(eq(skills.scope, 'workspace'), inArray(skills.name, names.slice(start, start + BATCH))),
      );
    for (const row of rows) stored.set(`${row.workspaceId}|${row.name}|${row.number}`, row.skillMd);
  }
  return writes.filter(
    (write) =>
      stored
        .get(`${write.tenant.workspaceId}|${write.name}|${write.version}`)
        ?.includes(write.marker) !== true,
  );
}
