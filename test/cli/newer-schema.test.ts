import { createTempDir } from '@skillset/core/test';
import { openStore } from '@skillset/store';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { spawnSkillset } from '../support/run-skillset.ts';

describe('a database from a newer version', () => {
  it('is refused with a clear message and left untouched', async () => {
    await using dataDir = await createTempDir();
    const store = await openStore({ dataDir: dataDir.path, migrate: true });
    // A later release's migration, and one of ours taken back as if it had not run yet: a start
    // that touched the database would apply ours again.
    await store.database.execute(
      sql`insert into skillset_migrations (id, checksum) values ('9999-from-the-future', 'x')`,
    );
    const [last] = (
      (await store.database.execute(
        sql`delete from skillset_migrations where id = (select max(id) from skillset_migrations where id < '9999') returning id`,
      )) as unknown as { rows: Array<{ id: string }> }
    ).rows;
    await store.close();

    const serve = await spawnSkillset(['serve', '--data-dir', dataDir.path, '--port', '0'], {
      cwd: dataDir.path,
    });
    expect(serve.exitCode).toBe(1);
    expect(serve.stderr).toContain(
      'This database was migrated by a newer version of Skillset (9999-from-the-future), which this version does not know; it was left untouched. Run that version or a newer one.',
    );

    const after = await openStore({ dataDir: dataDir.path });
    try {
      const { rows } = (await after.database.execute(
        sql`select id from skillset_migrations where id in (${last?.id}, '9999-from-the-future') order by id`,
      )) as unknown as { rows: Array<{ id: string }> };
      expect(rows.map((row) => row.id)).toEqual(['9999-from-the-future']);
    } finally {
      await after.close();
    }
  });
});
