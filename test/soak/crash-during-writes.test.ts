import { describe, expect, it } from 'vitest';
import { crashDuringWrites } from './crash-during-writes.ts';

// The scaled-down run, on PGlite (the default); `npm run soak -- crash` imports 1,000 skills on
// PGlite and on PostgreSQL. SKILLSET_CRASH_POSTGRES=1 adds PostgreSQL here.
const databases =
  process.env.DATABASE_URL !== undefined && process.env.SKILLSET_CRASH_POSTGRES === '1'
    ? ['pglite', 'postgres']
    : ['pglite'];

describe('kill -9 of skillset serve during writes', () => {
  it.each(
    databases,
  )('loses no acknowledged write and leaves no partial skill (%s)', async (database) => {
    const result = await crashDuringWrites({
      database: database as 'pglite' | 'postgres',
      skills: 40,
      concurrency: 4,
      editedSkills: 4,
    });
    expect(result.problems).toEqual([]);
    expect(result.importAcknowledged).toBeGreaterThanOrEqual(20);
    expect(result.importPresent).toBeGreaterThanOrEqual(result.importAcknowledged);
    expect(result.editsAcknowledged).toBeGreaterThanOrEqual(12);
  }, 180_000);
});
