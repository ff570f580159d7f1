import { randomBytes } from 'node:crypto';
import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { type RunningServer, resolveServerConfig, startServer } from '@skillset/server';
import { skillText } from '@skillset/server/test';
import { findInstanceOwner, openStore } from '@skillset/store';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from '../support/fresh-postgres-database.ts';
import { spawnSkillset } from '../support/run-skillset.ts';
import {
  digestOf,
  fillTeamStore,
  openPgliteFolder,
  type TeamTokens,
} from '../support/team-store.ts';

const adminUrl = process.env.DATABASE_URL;
const secretKey = randomBytes(32).toString('base64');

let work: TempDir;
let before: Awaited<ReturnType<typeof digestOf>>;
let tokens: TeamTokens;
const folder = (name: string) => path.join(work.path, name);

function skillset(args: string[], key = secretKey) {
  return spawnSkillset(args, { cwd: work.path, env: { SKILLSET_SECRET_KEY: key } });
}

/** The lines of a backup file. */
async function readBackup(name: string): Promise<string[]> {
  return gunzipSync(await readFile(folder(name)))
    .toString('utf8')
    .split('\n');
}

/** What a backup's lines are made of: header fields, table order, footer tables, a final newline. */
function shapeOf(lines: string[]) {
  const parsed = lines.filter((line) => line !== '').map((line) => JSON.parse(line));
  const header = parsed[0] as Record<string, unknown>;
  const footer = parsed.at(-1) as { '@end': { table: string; rows: number; digest: string }[] };
  return {
    header: { ...header, createdAt: typeof header.createdAt },
    tables: parsed.filter((line) => '@table' in line).map((line) => line['@table'] as string),
    footer: footer['@end'].map((table) => [table.table, typeof table.rows, typeof table.digest]),
    endsWithNewline: lines.at(-1) === '',
  };
}

async function digestOfFolder(name: string) {
  const store = await openStore({ dataDir: folder(name) });
  try {
    return await digestOf(store);
  } finally {
    await store.close();
  }
}

beforeAll(async () => {
  work = await createTempDir();
  tokens = await fillTeamStore(await openPgliteFolder(folder('team'), secretKey));
  const store = await openStore({ dataDir: folder('team') });
  before = await digestOf(store);
  await store.close();
  const backup = await skillset(['backup', '--data-dir', folder('team'), '--out', 'team.backup']);
  expect(backup.exitCode, backup.stderr).toBe(0);
  expect(backup.stdout).toMatch(/^Backed up \d+ rows in \d+ tables to .*team\.backup\.\n$/);
}, 120_000);

afterAll(async () => {
  await work?.[Symbol.asyncDispose]();
});

describe('skillset backup and restore', () => {
  it('restores a PGlite backup into a new PGlite folder, every table as it was', async () => {
    const restored = await skillset(['restore', 'team.backup', '--data-dir', folder('again')]);
    expect(restored.exitCode, restored.stderr).toBe(0);
    expect(restored.stderr).not.toContain('Left out');
    expect(await digestOfFolder('again')).toEqual(before);
  });

  it('leaves out the secrets another key cannot open and restores the rest', async () => {
    const otherKey = randomBytes(32).toString('base64');
    const restored = await skillset(
      ['restore', 'team.backup', '--data-dir', folder('other-key')],
      otherKey,
    );
    expect(restored.exitCode, restored.stderr).toBe(0);
    expect(restored.stderr).toMatch(
      /Left out 1 secret this SKILLSET_SECRET_KEY cannot open \(workspace\/NAME\): [\w-]+\/API_KEY;/,
    );
    const secretTables = new Set(['skill_secrets', 'skill_secret_approvals']);
    const after = await digestOfFolder('other-key');
    expect(after.filter((table) => !secretTables.has(table.table))).toEqual(
      before.filter((table) => !secretTables.has(table.table)),
    );
    expect(
      after.filter((table) => secretTables.has(table.table)).map((table) => table.rows),
    ).toEqual([0, 0]);
  });

  it('refuses a folder that holds data without --force, and a cut-off file, restoring nothing', async () => {
    const full = await skillset(['restore', 'team.backup', '--data-dir', folder('again')]);
    expect(full.exitCode).toBe(1);
    expect(full.stderr).toMatch(
      /The target database already holds data \(.*\); use an empty database/,
    );

    const lines = gunzipSync(await readFile(folder('team.backup')))
      .toString('utf8')
      .split('\n');
    await writeFile(folder('cut.backup'), gzipSync(lines.slice(0, lines.length - 3).join('\n')));
    const cut = await skillset(['restore', 'cut.backup', '--data-dir', folder('cut')]);
    expect(cut.exitCode).toBe(1);
    expect(cut.stderr).toContain(
      'This is not a complete Skillset backup: it ends before its last line; nothing was restored.',
    );
    const empty = await digestOfFolder('cut');
    expect(empty.filter((table) => table.rows > 0).map((table) => table.table)).toEqual([
      'access_epoch',
      'skill_epoch',
    ]);
  });

  describe.skipIf(adminUrl === undefined)('on PostgreSQL', () => {
    let database: FreshPostgresDatabase;

    beforeAll(async () => {
      database = await createFreshPostgresDatabase(adminUrl as string);
    });

    afterAll(async () => {
      await database?.drop();
    });

    it('round-trips through PostgreSQL, backing up beside the running server', async () => {
      const restored = await skillset(['restore', 'team.backup', '--database-url', database.url]);
      expect(restored.exitCode, restored.stderr).toBe(0);
      const store = await openStore({ databaseUrl: database.url });
      expect(await digestOf(store)).toEqual(before);
      await store.close();

      const server = await startServer({
        config: resolveServerConfig({
          flags: { port: 0, databaseUrl: database.url },
          env: { SKILLSET_SECRET_KEY: secretKey },
          cwd: work.path,
        }),
        logger: pino({ level: 'silent' }),
      });
      try {
        const health = await fetch(`${server.url}/healthz`);
        expect(health.status).toBe(200);
        const backup = await skillset([
          'backup',
          '--database-url',
          database.url,
          '--out',
          'pg.backup',
        ]);
        expect(backup.exitCode, backup.stderr).toBe(0);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      } finally {
        await server.close();
      }
      const back = await skillset(['restore', 'pg.backup', '--data-dir', folder('from-pg')]);
      expect(back.exitCode, back.stderr).toBe(0);
      const roundTrip = await digestOfFolder('from-pg');
      // The server's start seeds the built-in skills it ships (raising the skill epoch) and a
      // one-time sign-in link; every other table is as it was.
      const startWrites = new Set([
        'skill_epoch',
        'skills',
        'skill_versions',
        'version_files',
        'blobs',
        'audit_log',
        'sign_in_codes',
      ]);
      expect(roundTrip.filter((table) => !startWrites.has(table.table))).toEqual(
        before.filter((table) => !startWrites.has(table.table)),
      );
    });
  });
});

describe('skillset backup beside a running PGlite server', () => {
  let server: RunningServer;
  let operatorSecret: string;
  const backupUrl = () => `${server.url}/api/instance/backup`;

  beforeAll(async () => {
    const restored = await skillset(['restore', 'team.backup', '--data-dir', folder('live')]);
    expect(restored.exitCode, restored.stderr).toBe(0);
    server = await startServer({
      config: resolveServerConfig({
        flags: { port: 0, dataDir: folder('live') },
        env: { SKILLSET_SECRET_KEY: secretKey },
        cwd: work.path,
      }),
      logger: pino({ level: 'silent' }),
    });
    // Enough rows that the backup takes a while, so writes arrive while it reads.
    await server.store.database.execute(
      sql`insert into audit_log (action, details)
          select 'test.filler', jsonb_build_object('n', n) from generate_series(1, 8000) n`,
    );
    const file = path.join(folder('live'), 'server.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    operatorSecret = (JSON.parse(await readFile(file, 'utf8')) as { operatorSecret: string })
      .operatorSecret;
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  it('backs up through the server while writers go on: a consistent snapshot that restores', async () => {
    // Each writer makes one write at a time: a consistent snapshot holds a prefix of each one's.
    const writers = ['a', 'b', 'c', 'd'].map((label) => ({
      label,
      issued: [] as string[],
      acknowledged: 0,
    }));
    const acknowledged = () => writers.reduce((sum, writer) => sum + writer.acknowledged, 0);
    let stop = false;
    const failures: string[] = [];
    const owner = { authorization: `Bearer ${tokens.ownerToken}` };
    const write = async (writer: (typeof writers)[number]) => {
      for (let index = 1; !stop; index += 1) {
        const name = `load-${writer.label}-${index}`;
        writer.issued.push(`${name}@1`);
        const created = await fetch(`${server.url}/api/skills`, {
          method: 'POST',
          headers: { ...owner, 'content-type': 'application/json' },
          body: JSON.stringify({ content: skillText(name) }),
        });
        if (created.status !== 201) failures.push(`${name}@1: ${created.status}`);
        writer.acknowledged += 1;
        writer.issued.push(`${name}@2`);
        const updated = await fetch(`${server.url}/api/skills/${name}`, {
          method: 'PUT',
          headers: {
            ...owner,
            'content-type': 'application/json',
            'if-match': created.headers.get('etag') ?? '',
          },
          body: JSON.stringify({ content: skillText(name, { body: 'Version two.' }) }),
        });
        if (updated.status !== 200) failures.push(`${name}@2: ${updated.status}`);
        writer.acknowledged += 1;
      }
    };
    const writing = Promise.all(writers.map(write));
    const waitFor = async (count: number) => {
      while (acknowledged() < count) await new Promise((resolve) => setTimeout(resolve, 10));
    };
    await waitFor(8);
    const before = writers.map((writer) => writer.acknowledged);
    const backup = await skillset(['backup', '--data-dir', folder('live'), '--out', 'live.backup']);
    const during = acknowledged();
    await waitFor(during + 8);
    stop = true;
    await writing;
    expect(failures).toEqual([]);
    expect(backup.exitCode, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^Backed up \d+ rows in \d+ tables to .*live\.backup\.\n$/);
    expect(backup.stderr).toContain('Secrets are in it encrypted');
    expect(during, 'the server answered writes while the command ran').toBeGreaterThan(
      before.reduce((sum, count) => sum + count, 0),
    );

    // The same format as a backup of a stopped folder: header, tables in order, footer.
    expect(shapeOf(await readBackup('live.backup'))).toEqual(
      shapeOf(await readBackup('team.backup')),
    );

    // The restore checks every table against the footer's digests.
    const restored = await skillset(['restore', 'live.backup', '--data-dir', folder('from-live')]);
    expect(restored.exitCode, restored.stderr).toBe(0);
    const store = await openStore({ dataDir: folder('from-live') });
    try {
      const result = await store.database.execute(
        sql`select s.name || '@' || v.number as write from skills s
            join skill_versions v on v.skill_id = s.id where s.name like 'load-%'`,
      );
      const kept = (result as unknown as { rows: { write: string }[] }).rows.map(
        (row) => row.write,
      );
      writers.forEach((writer, index) => {
        const own = kept.filter((each) => each.startsWith(`load-${writer.label}-`)).sort();
        const label = `writer ${writer.label}`;
        expect(own, label).toEqual(writer.issued.slice(0, own.length).sort());
        expect(
          own.length,
          `${label}: every write acknowledged before the backup`,
        ).toBeGreaterThanOrEqual(before[index] as number);
        expect(own.length, `${label}: no write acknowledged after it`).toBeLessThan(
          writer.issued.length,
        );
      });
    } finally {
      await store.close();
    }
  }, 120_000);

  it('gives the backup only for the data folder’s secret: no session, role or token', async () => {
    const owner = await findInstanceOwner(server.store);
    const membership = await server.store.workspaces.defaultForUser(owner?.id as string);
    const admin = await server.store.users.create({ name: 'Workspace Admin' });
    await server.store.members.add({
      workspaceId: membership?.workspace.id as string,
      userId: admin.id,
      role: 'admin',
    });
    const adminToken = await server.store.tokens.create({
      name: 'admin',
      principal: { kind: 'user', userId: admin.id },
    });
    const code = new URL(server.signInUrl).searchParams.get('code');
    const signIn = await fetch(`${server.url}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(signIn.status).toBe(200);
    const cookie = /^(skillset_session=[^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
    expect(
      (await fetch(`${server.url}/api/me`, { headers: { cookie: cookie ?? '' } })).status,
    ).toBe(200);

    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    const callers: [string, Record<string, string>, number][] = [
      ['nobody', {}, 401],
      ['a made-up token', bearer('sks_made_up'), 401],
      ['the secret with a character more', bearer(`${operatorSecret}x`), 401],
      ['the owner’s session cookie', { cookie: cookie ?? '' }, 403],
      ['the owner’s token (instance admin)', bearer(tokens.ownerToken), 403],
      ['a workspace admin’s token', bearer(adminToken.token), 403],
      ['an agent token', bearer(tokens.agentToken), 403],
    ];
    for (const [who, headers, status] of callers) {
      const response = await fetch(backupUrl(), { headers });
      const text = await response.text();
      expect(response.status, `${who}: ${text}`).toBe(status);
      expect(text, who).not.toContain('skillset-backup');
    }

    const response = await fetch(backupUrl(), { headers: bearer(operatorSecret) });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('application/x-ndjson');
    const lines = (await response.text()).split('\n');
    expect(JSON.parse(lines[0] as string)).toMatchObject({ format: 'skillset-backup', version: 1 });
    expect(lines.at(-2)).toMatch(/^\{"@end":/);
    // The secret opens nothing else.
    expect((await fetch(`${server.url}/api/me`, { headers: bearer(operatorSecret) })).status).toBe(
      401,
    );
  });
});
