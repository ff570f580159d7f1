import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { resolveServerConfig, startServer } from '@skillset/server';
import { openStore } from '@skillset/store';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from '../support/fresh-postgres-database.ts';
import { spawnSkillset } from '../support/run-skillset.ts';
import { digestOf, fillTeamStore, openPgliteFolder } from '../support/team-store.ts';

const adminUrl = process.env.DATABASE_URL;
const secretKey = randomBytes(32).toString('base64');

let work: TempDir;
let before: Awaited<ReturnType<typeof digestOf>>;
const folder = (name: string) => path.join(work.path, name);

function skillset(args: string[], key = secretKey) {
  return spawnSkillset(args, { cwd: work.path, env: { SKILLSET_SECRET_KEY: key } });
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
  await fillTeamStore(await openPgliteFolder(folder('team'), secretKey));
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
      // The server's start seeds the built-in skills it ships and a one-time sign-in link; every
      // other table is as it was.
      const startWrites = new Set([
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
