import { crashDuringWrites } from './crash-during-writes.ts';

/** `kill -9` during an import of 1,000 skills and during concurrent edits, on PGlite and PostgreSQL. */
export async function run(): Promise<boolean> {
  const skills = Number(process.env.SKILLSET_CRASH_SKILLS ?? 1000);
  const databases = process.env.DATABASE_URL === undefined ? ['pglite'] : ['pglite', 'postgres'];
  let ok = true;
  for (const database of databases) {
    const started = performance.now();
    const result = await crashDuringWrites({
      database: database as 'pglite' | 'postgres',
      skills,
      concurrency: 16,
      editedSkills: 20,
    });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `${database.padEnd(9)} ${skills} skills tried, ${result.importAcknowledged} acknowledged before kill -9, ${result.importPresent} present after restart (all whole); ${result.editsAcknowledged} edits acknowledged before the second kill -9; problems: ${result.problems.length === 0 ? 'none' : result.problems.join('; ')} (${seconds} s)`,
    );
    ok &&= result.problems.length === 0;
  }
  return ok;
}
