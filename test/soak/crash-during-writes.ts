import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openStore, type Store } from '@skillset/store';
import { sql } from 'drizzle-orm';
import { buildTestZip, skillText } from '../server/skills-test-support.ts';
import { createServeDatabase, type ServeProcess, startServe, stopServe } from './serve-process.ts';

/** Options for {@link crashDuringWrites}. */
export interface CrashDuringWritesOptions {
  database: 'pglite' | 'postgres';
  /** Skills the import tries to create (each a ZIP with SKILL.md and two files). */
  skills: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** Skills edited concurrently (PATCH with If-Match) in the second phase. */
  editedSkills: number;
}

/** What survived two `kill -9`s: counts, and every broken promise found (empty when sound). */
export interface CrashDuringWritesResult {
  database: string;
  importAcknowledged: number;
  /** Skills present after the restart (acknowledged ones plus some in flight at the kill). */
  importPresent: number;
  editsAcknowledged: number;
  problems: string[];
}

const FILES = ['references/guide.md', 'scripts/run.sh'];

function fileContent(name: string, file: string): string {
  return `${file} of ${name}\n`;
}

function skillZip(name: string): Uint8Array {
  return buildTestZip([
    { name: `${name}/SKILL.md`, content: skillText(name, `Crash import of ${name}.`) },
    ...FILES.map((file) => ({ name: `${name}/${file}`, content: fileContent(name, file) })),
  ]);
}

/** Runs `work` on `concurrency` workers until it returns false or the items run out. */
async function pool<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<boolean>,
) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++] as T;
        if (!(await work(item))) return;
      }
    }),
  );
}

async function api(serve: ServeProcess, method: string, route: string, init: RequestInit = {}) {
  return fetch(`${serve.url}${route}`, {
    ...init,
    method,
    headers: {
      authorization: `Bearer ${serve.token}`,
      ...(init.headers as Record<string, string>),
    },
  });
}

/** Integrity of the whole store: every skill has its current version and every file its blob. */
async function checkIntegrity(store: Store, problems: string[]) {
  const database = store.database;
  const count = async (label: string, query: ReturnType<typeof sql>) => {
    const result = (await database.execute(query)) as unknown as { rows: { n: number | string }[] };
    const n = Number(result.rows[0]?.n ?? 0);
    if (n > 0) problems.push(`${n} ${label}`);
  };
  await count(
    'version rows whose skill does not exist',
    sql`select count(*) as n from skill_versions v left join skills s on s.id = v.skill_id where s.id is null`,
  );
  await count(
    'skills without a row for their current version',
    sql`select count(*) as n from skills s left join skill_versions v on v.skill_id = s.id and v.number = s.current_version where v.id is null`,
  );
  await count(
    'skills with a gap in their version numbers',
    sql`select count(*) as n from (select skill_id from skill_versions group by skill_id having max(number) <> count(*)) gaps`,
  );
  await count(
    'version files whose blob is missing',
    sql`select count(*) as n from version_files f left join blobs b on b.hash = f.blob_hash where b.hash is null`,
  );
}

/**
 * Imports skills through the API of a real `skillset serve` with concurrent uploads, `kill -9`s
 * it halfway, restarts it and checks every skill is whole or absent; then edits skills
 * concurrently with If-Match, kills it again, and checks no acknowledged edit was lost.
 */
export async function crashDuringWrites(
  options: CrashDuringWritesOptions,
): Promise<CrashDuringWritesResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'skillset-crash-'));
  const database = await createServeDatabase(options.database, dataDir);
  const problems: string[] = [];
  const names = Array.from(
    { length: options.skills },
    (_, index) => `crash-${String(index).padStart(5, '0')}`,
  );
  let serve = await startServe(database, dataDir);
  try {
    // Phase 1: concurrent imports, killed once half are acknowledged.
    const acknowledged = new Set<string>();
    let killed = false;
    const killAt = Math.floor(options.skills / 2);
    const first = serve;
    await pool(names, options.concurrency, async (name) => {
      if (killed) return false;
      try {
        const response = await api(first, 'POST', '/api/skills/upload', {
          body: new Uint8Array(skillZip(name)),
          headers: { 'content-type': 'application/zip' },
        });
        if (response.status === 201) acknowledged.add(name);
        else if (!killed) problems.push(`import of ${name} answered ${response.status}`);
      } catch {
        return false; // the server is gone
      }
      if (acknowledged.size >= killAt && !killed) {
        killed = true;
        await stopServe(first, 'SIGKILL');
      }
      return !killed;
    });
    if (!killed) await stopServe(first, 'SIGKILL');

    serve = await startServe(database, dataDir);
    let present = 0;
    for (const name of names) {
      const response = await api(serve, 'GET', `/api/skills/${name}`);
      if (response.status === 404) {
        if (acknowledged.has(name)) problems.push(`acknowledged skill ${name} is gone`);
        continue;
      }
      present += 1;
      const skill = (await response.json()) as { version: number; files: { path: string }[] };
      const paths = skill.files.map((file) => file.path).sort();
      if (skill.version !== 1 || paths.join() !== FILES.join()) {
        problems.push(`${name} is partial: version ${skill.version}, files ${paths.join()}`);
        continue;
      }
      for (const file of FILES) {
        const content = await (await api(serve, 'GET', `/api/skills/${name}/files/${file}`)).text();
        if (content !== fileContent(name, file)) problems.push(`${name}/${file} has other content`);
      }
    }

    // Phase 2: concurrent edits with If-Match on acknowledged skills, killed midway.
    const edited = [...acknowledged].slice(0, options.editedSkills);
    const ackedVersion = new Map<string, number>();
    const sentDescriptions = new Map<string, Set<string>>(edited.map((name) => [name, new Set()]));
    let editsAcknowledged = 0;
    let editKilled = false;
    const editTarget = options.editedSkills * 3;
    const second = serve;
    await Promise.all(
      edited.flatMap((name) =>
        [0, 1].map(async (writer) => {
          for (let attempt = 0; !editKilled && attempt < 50; attempt += 1) {
            try {
              const current = await api(second, 'GET', `/api/skills/${name}`);
              const etag = current.headers.get('etag') ?? '"1"';
              const description = `Edit ${attempt} by writer ${writer} of ${name}.`;
              sentDescriptions.get(name)?.add(description);
              const response = await api(second, 'PATCH', `/api/skills/${name}`, {
                body: JSON.stringify({ description }),
                headers: { 'content-type': 'application/json', 'if-match': etag },
              });
              if (response.status === 200) {
                const version = Number((response.headers.get('etag') ?? '').replaceAll('"', ''));
                ackedVersion.set(name, Math.max(ackedVersion.get(name) ?? 0, version));
                editsAcknowledged += 1;
              } else if (response.status !== 409 && response.status !== 412) {
                problems.push(`edit of ${name} answered ${response.status}`);
              }
            } catch {
              return;
            }
            if (editsAcknowledged >= editTarget && !editKilled) {
              editKilled = true;
              await stopServe(second, 'SIGKILL');
            }
          }
        }),
      ),
    );
    if (!editKilled) await stopServe(second, 'SIGKILL');

    // The last check reads the store directly, as the next start would (the stale lock is taken).
    const store = await openStore(
      database.kind === 'pglite'
        ? { dataDir }
        : { databaseUrl: database.env.DATABASE_URL as string },
    );
    try {
      for (const name of edited) {
        const result = (await store.database.execute(
          sql`select s.current_version as version, v.description from skills s join skill_versions v on v.skill_id = s.id and v.number = s.current_version where s.name = ${name}`,
        )) as unknown as { rows: { version: number; description: string }[] };
        const skill = result.rows[0];
        const acked = ackedVersion.get(name) ?? 1;
        if (skill === undefined || skill.version < acked) {
          problems.push(
            `${name} is at version ${skill?.version}; version ${acked} was acknowledged`,
          );
        } else if (skill.version > 1 && !sentDescriptions.get(name)?.has(skill.description)) {
          problems.push(`${name} holds a description nobody sent: ${skill.description}`);
        }
      }
      await checkIntegrity(store, problems);
    } finally {
      await store.close();
    }
    return {
      database: database.kind,
      importAcknowledged: acknowledged.size,
      importPresent: present,
      editsAcknowledged,
      problems,
    };
  } finally {
    await stopServe(serve, 'SIGKILL');
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
