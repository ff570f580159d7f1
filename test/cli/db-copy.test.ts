import { randomBytes } from 'node:crypto';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { resolveServerConfig, startServer } from '@skillset/server';
import { createTestApp, skillText, type TestApp } from '@skillset/server/test';
import { openStore, parseSecretKey, type Store } from '@skillset/store';
import { digestTables, listStoreTables } from '@skillset/store/test';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFreshPostgresDatabase,
  type FreshPostgresDatabase,
} from '../support/fresh-postgres-database.ts';
import { spawnSkillset } from '../support/run-skillset.ts';

const adminUrl = process.env.DATABASE_URL;
const secretKey = randomBytes(32).toString('base64');

let dataDir: TempDir;
let agentToken: string;
let ownerToken: string;

/** The digest of every table, read in one transaction. */
async function digestOf(store: Store) {
  return store.transaction(async (transaction) =>
    digestTables(transaction.database, await listStoreTables(transaction.database)),
  );
}

async function call(app: TestApp, token: string, method: string, path: string, json?: unknown) {
  const response = await app.request(method, path, {
    token,
    ...(json === undefined ? {} : { json }),
  });
  expect(response.status, `${method} ${path}`).toBeLessThan(300);
  return response.status === 204 ? undefined : ((await response.json()) as Record<string, unknown>);
}

async function openFolder(): Promise<Store> {
  return openStore({ dataDir: dataDir.path, migrate: true, secretKey: parseSecretKey(secretKey) });
}

function copy(args: string[]) {
  return spawnSkillset(['db', 'copy', '--from-data-dir', dataDir.path, ...args], {
    cwd: dataDir.path,
  });
}

beforeAll(async () => {
  dataDir = await createTempDir();
  // A team's PGlite folder, filled through the API: skills with versions and files, an agent
  // with rules and a token, a secret, settings, a second workspace, usage and the audit log.
  const app = await createTestApp({ store: await openFolder() });
  try {
    ownerToken = app.owner.token;
    const owner = (path: string, method = 'GET', json?: unknown) =>
      call(app, app.owner.token, method, path, json);
    await owner('/api/skills', 'POST', {
      content: skillText('release-notes', { frontmatter: 'requires:\n  env: [API_KEY]\n' }),
      files: { 'scripts/notes.sh': 'echo notes\n' },
    });
    const first = await app.request('GET', '/api/skills/release-notes', { token: ownerToken });
    const edited = await app.request('PUT', '/api/skills/release-notes', {
      token: ownerToken,
      headers: { 'if-match': first.headers.get('etag') as string },
      json: {
        content: skillText('release-notes', {
          frontmatter: 'requires:\n  env: [API_KEY]\n',
          body: 'Version two.',
        }),
      },
    });
    expect(edited.status).toBe(200);
    await owner('/api/skills', 'POST', { content: skillText('deploy') });
    const agent = (await owner('/api/agents', 'POST', { name: 'ci-bot' })) as { id: string };
    await owner('/api/permissions', 'POST', { agentId: agent.id, skill: 'deploy', action: 'deny' });
    agentToken = (
      (await owner('/api/tokens', 'POST', { name: 'ci', agentId: agent.id })) as {
        token: string;
      }
    ).token;
    await owner('/api/secrets/API_KEY', 'PUT', { value: 'sk-live-123', skills: ['release-notes'] });
    await owner(`/api/workspaces/${app.owner.workspaceId}`, 'PATCH', {
      settings: { catalogBudget: 3000 },
    });
    await owner('/api/skills/invoke', 'POST', { message: '/release-notes v2' });
    const other = await app.addWorkspace('Research');
    await call(app, other.token, 'POST', '/api/skills', { content: skillText('lab-notes') });
  } finally {
    await app[Symbol.asyncDispose]();
  }
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
      /The target database already holds data \(.*\); copy into an empty database, or replace what it holds with --force\./,
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
