import { randomBytes } from 'node:crypto';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { resolveServerConfig, startServer } from '@skillset/server';
import { skillText } from '@skillset/server/test';
import { openStore, type Store } from '@skillset/store';
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

let dataDir: TempDir;
let agentToken: string;
let ownerToken: string;

function openFolder(): Promise<Store> {
  return openPgliteFolder(dataDir.path, secretKey);
}

function copy(args: string[]) {
  return spawnSkillset(['db', 'copy', '--from-data-dir', dataDir.path, ...args], {
    cwd: dataDir.path,
  });
}

beforeAll(async () => {
  dataDir = await createTempDir();
  ({ ownerToken, agentToken } = await fillTeamStore(await openFolder()));
}, 120_000);

afterAll(async () => {
  await dataDir?.[Symbol.asyncDispose]();
});

describe.skipIf(adminUrl === undefined)('skillset db copy', () => {
  let target: FreshPostgresDatabase;

  beforeAll(async () => {
    target = await createFreshPostgresDatabase(adminUrl as string);
  });

  afterAll(async () => {
    await target?.drop();
  });

  it('moves a PGlite folder into an empty PostgreSQL database and loses nothing', async () => {
    const source = await openFolder();
    const before = await digestOf(source);
    await source.close();
    expect(before.filter((table) => table.rows > 0).length).toBeGreaterThan(10);

    const run = await copy(['--to', target.url]);
    expect(run.stderr).toContain('skill_versions: 4');
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /^Copied \d+ rows in \d+ tables from .* every table's row count and content digest match\.\n$/,
    );

    const copied = await openStore({ databaseUrl: target.url });
    try {
      expect(await digestOf(copied)).toEqual(before);
    } finally {
      await copied.close();
    }
    // A server started on the new database answers the same people, tokens, skills, rules,
    // secrets and settings.
    const server = await startServer({
      config: resolveServerConfig({
        flags: { port: 0, databaseUrl: target.url },
        env: { SKILLSET_SECRET_KEY: secretKey },
        cwd: dataDir.path,
      }),
      logger: pino({ level: 'silent' }),
    });
    try {
      const get = async (token: string, path: string) => {
        const response = await fetch(`${server.url}${path}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        expect(response.status, path).toBe(200);
        return response;
      };
      const me = (await (await get(agentToken, '/api/me')).json()) as { agent: { name: string } };
      expect(me.agent.name).toBe('ci-bot');
      const versions = (await (
        await get(ownerToken, '/api/skills/release-notes/versions')
      ).json()) as { items: unknown[] };
      expect(versions.items).toHaveLength(2);
      const file = await get(ownerToken, '/api/skills/release-notes/files/scripts/notes.sh');
      expect(await file.text()).toBe('echo notes\n');
      const prompt = (await (await get(agentToken, '/api/skills/prompt')).json()) as {
        text: string;
      };
      expect(prompt.text).toContain('release-notes');
      expect(prompt.text).not.toContain('deploy');
      const secrets = (await (await get(ownerToken, '/api/secrets')).json()) as {
        secrets: Array<{ name: string; skills: string[] }>;
      };
      expect(secrets.secrets).toMatchObject([{ name: 'API_KEY', skills: ['release-notes'] }]);
      // New rows continue after the copied ones (identity sequences moved too).
      const created = await fetch(`${server.url}/api/skills`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: skillText('after-move') }),
      });
      expect(created.status).toBe(201);
    } finally {
      await server.close();
    }
  });

  it('refuses a database that holds data, and replaces it only with --force', async () => {
    const refused = await copy(['--to', target.url]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toMatch(
      /The target database already holds data \(.*\); use an empty database, or replace what it holds with --force\./,
    );
    const forced = await copy(['--to', target.url, '--force']);
    expect(forced.exitCode, forced.stderr).toBe(0);
    const source = await openFolder();
    const copied = await openStore({ databaseUrl: target.url });
    try {
      expect(await digestOf(copied)).toEqual(await digestOf(source));
    } finally {
      await copied.close();
      await source.close();
    }
  });

  it('says what is wrong with an unreachable target and copies nothing', async () => {
    const run = await copy(['--to', 'postgres://postgres@127.0.0.1:1/none']);
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toMatch(/Cannot connect to the database/);
  });
});
