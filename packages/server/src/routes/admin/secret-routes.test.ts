import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app.ts';

const SECRET_KEY = randomBytes(32).toString('base64');
const VALUE = 'ghp_value-that-must-never-show-7c1e';

/** A test app with a secret key whose log lines are kept, to prove no value reaches them. */
async function keyedApp(): Promise<TestApp & { logs: string[] }> {
  const logs: string[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      logs.push(String(chunk));
      done();
    },
  });
  const app = await createTestApp({
    secretKey: SECRET_KEY,
    logger: pino({ level: 'trace' }, destination),
  });
  return Object.assign(app, { logs });
}

interface SecretJson {
  name: string;
  skills: string[];
  bindings: unknown[];
  createdAt: string;
  updatedAt: string;
}

/** Creates a workspace skill through the store, as `actorId` when given. */
async function addSkill(server: TestApp, workspaceId: string, name: string, actorId?: string) {
  const created = await server.store.skills.create({
    scope: 'workspace',
    workspaceId,
    skillMd: `---\nname: ${name}\ndescription: Does ${name}.\n---\n\nDo it.\n`,
    ...(actorId === undefined ? {} : { actor: { kind: 'user', id: actorId } }),
  });
  if (!created.ok) throw new Error(JSON.stringify(created));
  return created.skill;
}

/** The values a run of the current revision of `skillName` would get. */
async function valuesOf(server: TestApp, workspaceId: string, skillName: string, names: string[]) {
  const revision = await server.store.secrets.revisionOf(workspaceId, skillName);
  if (revision === undefined) throw new Error(`no skill ${skillName}`);
  return (await server.store.secrets.valuesFor({ workspaceId, skillName, names, revision })).values;
}

describe('secret routes', () => {
  it('creates, lists, replaces, rebinds and deletes a secret; the value shows nowhere', async () => {
    await using server = await keyedApp();
    const token = server.owner.token;
    const seen: string[] = [];
    const call = async (method: string, path: string, json?: unknown) => {
      const response = await server.request(method, path, {
        token,
        ...(json === undefined ? {} : { json }),
      });
      const text = await response.text();
      seen.push(text, JSON.stringify([...response.headers]));
      return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
    };
    const created = await call('PUT', '/api/secrets/GITHUB_TOKEN', {
      value: VALUE,
      skills: ['Release-Notes', 'pdf'],
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      name: 'GITHUB_TOKEN',
      skills: ['release-notes', 'pdf'],
      bindings: [
        { skill: 'release-notes', approved: false, current: null, approval: null },
        { skill: 'pdf', approved: false, current: null, approval: null },
      ],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const replaced = await call('PUT', '/api/secrets/GITHUB_TOKEN', {
      value: `${VALUE}-2`,
      skills: ['release-notes'],
    });
    expect(replaced.status).toBe(200);
    const deploy = await addSkill(server, server.owner.workspaceId, 'deploy-app');
    const rebound = await call('PUT', '/api/secrets/GITHUB_TOKEN', { skills: ['deploy-app'] });
    expect([rebound.status, rebound.body.skills]).toEqual([200, ['deploy-app']]);
    expect(rebound.body.bindings).toEqual([
      {
        skill: 'deploy-app',
        approved: true,
        current: { version: 1, digest: deploy.hash, scope: 'workspace', author: null },
        approval: {
          version: 1,
          digest: deploy.hash,
          approvedBy: server.owner.userId,
          approvedAt: expect.any(String),
        },
      },
    ]);
    const listed = await call('GET', '/api/secrets');
    expect(listed.status).toBe(200);
    expect(
      (listed.body.secrets as SecretJson[]).map((secret) => [secret.name, secret.skills]),
    ).toEqual([['GITHUB_TOKEN', ['deploy-app']]]);
    expect(
      await valuesOf(server, server.owner.workspaceId, 'deploy-app', ['GITHUB_TOKEN']),
    ).toEqual({ GITHUB_TOKEN: `${VALUE}-2` });

    const audit = await call('GET', '/api/audit?limit=50');
    const secretEntries = (audit.body.entries as { action: string; details: unknown }[]).filter(
      (entry) => entry.action.startsWith('secret.'),
    );
    expect(secretEntries.map((entry) => [entry.action, entry.details])).toEqual([
      [
        'secret.set',
        {
          name: 'GITHUB_TOKEN',
          skills: ['deploy-app'],
          created: false,
          valueChanged: false,
          approved: [{ skill: 'deploy-app', version: 1, digest: deploy.hash }],
        },
      ],
      [
        'secret.set',
        { name: 'GITHUB_TOKEN', skills: ['release-notes'], created: false, valueChanged: true },
      ],
      [
        'secret.set',
        {
          name: 'GITHUB_TOKEN',
          skills: ['release-notes', 'pdf'],
          created: true,
          valueChanged: true,
        },
      ],
    ]);
    expect((await call('DELETE', '/api/secrets/GITHUB_TOKEN')).status).toBe(204);
    const again = await call('DELETE', '/api/secrets/GITHUB_TOKEN');
    expect(again).toEqual({
      status: 404,
      body: {
        error: {
          code: 'secret_not_found',
          message: 'No secret GITHUB_TOKEN in this workspace; GET /api/secrets lists them.',
        },
      },
    });
    expect((await call('GET', '/api/secrets')).body).toEqual({ secrets: [] });
    const [deleted] = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'secret.delete',
    });
    expect(deleted?.details).toEqual({ name: 'GITHUB_TOKEN', skills: ['deploy-app'] });
    for (const text of seen) expect(text).not.toContain('ghp_value');
  });

  it('approves the current revision of a bound skill, only the one the admin reviewed', async () => {
    await using server = await keyedApp();
    const { token, workspaceId } = server.owner;
    const member = await server.addUser('member');
    const notes = await addSkill(server, workspaceId, 'release-notes');
    await server.request('PUT', '/api/secrets/TOKEN', {
      token,
      json: { value: VALUE, skills: ['release-notes', 'later'] },
    });
    const edited = await server.store.skills.update({
      workspaceId,
      id: notes.id,
      expectedVersion: 1,
      skillMd: `---\nname: release-notes\ndescription: Now different.\n---\n\nPrint it.\n`,
      actor: { kind: 'user', id: member.userId as string },
    });
    if (!edited.ok) throw new Error('update failed');
    const approve = async (name: string, json: unknown) => {
      const response = await server.request('POST', `/api/secrets/${name}/approvals`, {
        token,
        json,
      });
      const body = (await response.json()) as { bindings: Array<Record<string, unknown>> };
      return { status: response.status, body };
    };
    const listed = await server.request('GET', '/api/secrets', { token });
    const [secret] = ((await listed.json()) as { secrets: SecretJson[] }).secrets;
    expect(secret?.bindings[0]).toEqual({
      skill: 'release-notes',
      approved: false,
      current: { version: 2, digest: edited.skill.hash, scope: 'workspace', author: member.userId },
      approval: expect.objectContaining({ version: 1, digest: notes.hash }),
    });
    expect(await approve('TOKEN', { skill: 'release-notes', digest: notes.hash })).toMatchObject({
      status: 409,
      body: { error: { code: 'secret_revision_changed' } },
    });
    expect(await approve('TOKEN', { skill: 'pdf' })).toMatchObject({
      status: 409,
      body: { error: { code: 'secret_skill_not_bound' } },
    });
    expect(await approve('TOKEN', { skill: 'later' })).toMatchObject({
      status: 404,
      body: { error: { code: 'skill_not_found' } },
    });
    expect(await approve('OTHER', { skill: 'later' })).toMatchObject({
      status: 404,
      body: { error: { code: 'secret_not_found' } },
    });
    expect(await approve('lower', { skill: 'later' })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_secret' } },
    });
    expect(await approve('TOKEN', { skill: 'release-notes', extra: 1 })).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request' } },
    });
    const approved = await approve('TOKEN', { skill: 'release-notes', digest: edited.skill.hash });
    expect(approved.status).toBe(200);
    expect(approved.body.bindings[0]).toMatchObject({
      approved: true,
      approval: { version: 2, digest: edited.skill.hash, approvedBy: server.owner.userId },
    });
    expect(JSON.stringify(approved.body)).not.toContain('ghp_value');
    expect(await valuesOf(server, workspaceId, 'release-notes', ['TOKEN'])).toEqual({
      TOKEN: VALUE,
    });
  });

  it('logs a failed write without the value, and answers it as an internal error', async () => {
    await using server = await keyedApp();
    await server.store.database.execute(sql`drop table skill_secrets cascade`);
    const response = await server.request('PUT', '/api/secrets/TOKEN', {
      token: server.owner.token,
      json: { value: VALUE, skills: ['pdf'] },
    });
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain('ghp_value');
    expect(server.logs.join('\n')).toContain('unexpected error');
    for (const line of server.logs) expect(line).not.toContain('ghp_value');
  });

  it('answers bad input with 400 and precise messages, never echoing the value', async () => {
    await using server = await keyedApp();
    const token = server.owner.token;
    const put = async (name: string, json: unknown) => {
      const response = await server.request('PUT', `/api/secrets/${name}`, { token, json });
      const text = await response.text();
      expect(text).not.toContain('ghp_value');
      return {
        status: response.status,
        ...(JSON.parse(text) as { error: { code: string; message: string } }),
      };
    };
    expect(await put('github_token', { value: VALUE, skills: [] })).toMatchObject({
      status: 400,
      error: {
        code: 'invalid_secret',
        message:
          'The name "github_token" is not an environment variable name: use 1 to 128 uppercase letters, digits and underscores, not starting with a digit (e.g. GITHUB_TOKEN).',
      },
    });
    expect((await put('A%00B', { value: VALUE, skills: [] })).error.message).toContain(
      'The name "A\\u0000B" is not an environment variable name',
    );
    expect((await put(`A${'B'.repeat(128)}`, { value: VALUE, skills: [] })).status).toBe(400);
    expect(await put('PATH', { value: VALUE, skills: [] })).toMatchObject({
      status: 400,
      error: { message: expect.stringContaining('The name PATH is reserved') },
    });
    expect(await put('TOKEN', { value: `ghp_value\0tail`, skills: [] })).toMatchObject({
      status: 400,
      error: {
        code: 'invalid_secret',
        message: 'The value contains a NUL character, which an environment variable cannot hold.',
      },
    });
    expect(
      await put('TOKEN', { value: `ghp_value${'x'.repeat(16 * 1024)}`, skills: [] }),
    ).toMatchObject({
      status: 400,
      error: { message: 'The value is 16393 bytes long; the limit is 16384 bytes (16 KiB).' },
    });
    expect(await put('TOKEN', { value: '', skills: [] })).toMatchObject({
      status: 400,
      error: { message: 'The value is empty; give the secret a value.' },
    });
    expect(await put('TOKEN', { skills: ['pdf'] })).toMatchObject({
      status: 404,
      error: {
        code: 'secret_not_found',
        message: 'No secret TOKEN in this workspace; give a value to create it.',
      },
    });
    expect(await put('TOKEN', { value: VALUE, skills: ['not a skill'] })).toMatchObject({
      status: 400,
      error: {
        message:
          '"not a skill" is not a skill name: use lowercase letters, digits and single hyphens, at most 64 characters.',
      },
    });
    expect(await put('TOKEN', { value: 42, skills: 'pdf', extra: true })).toMatchObject({
      status: 400,
      error: { code: 'invalid_request', message: expect.stringContaining('Invalid request body') },
    });
    expect(await put('TOKEN', { value: VALUE })).toMatchObject({
      status: 400,
      error: { message: expect.stringContaining('skills:') },
    });
    const huge = await server.request('PUT', '/api/secrets/TOKEN', {
      token,
      json: { value: `ghp_value${'x'.repeat(2 * 1024 * 1024)}`, skills: [] },
    });
    expect(huge.status).toBe(413);
    expect(await huge.text()).not.toContain('ghp_value');
    const badDelete = await server.request('DELETE', '/api/secrets/lower', { token });
    expect(badDelete.status).toBe(400);
    expect(await server.store.secrets.list(server.owner.workspaceId)).toEqual([]);
  });

  it('lets owners and admins manage secrets; members, viewers, agents and other workspaces get nothing', async () => {
    await using server = await keyedApp();
    const owner = server.owner;
    await addSkill(server, owner.workspaceId, 'deploy');
    const put = await server.request('PUT', '/api/secrets/DEPLOY_KEY', {
      token: owner.token,
      json: { value: VALUE, skills: ['deploy'] },
    });
    expect(put.status).toBe(201);
    const admin = await server.addUser('admin');
    const adminList = await server.request('GET', '/api/secrets', { token: admin.token });
    expect(adminList.status).toBe(200);
    const adminPut = await server.request('PUT', '/api/secrets/DEPLOY_KEY', {
      token: admin.token,
      json: { skills: ['deploy', 'release'] },
    });
    expect(adminPut.status).toBe(200);

    const member = await server.addUser('member');
    const viewer = await server.addUser('viewer');
    const agent = await server.addAgent();
    const refusals: [string, number, string][] = [];
    for (const [who, token] of [
      ['member', member.token],
      ['viewer', viewer.token],
      ['agent', agent.token],
    ] as const) {
      for (const [method, path, json] of [
        ['GET', '/api/secrets', undefined],
        ['PUT', '/api/secrets/DEPLOY_KEY', { value: 'stolen', skills: ['evil'] }],
        ['POST', '/api/secrets/DEPLOY_KEY/approvals', { skill: 'deploy' }],
        ['DELETE', '/api/secrets/DEPLOY_KEY', undefined],
      ] as const) {
        const response = await server.request(method, path, {
          token,
          ...(json === undefined ? {} : { json }),
        });
        const body = (await response.json()) as { error: { code: string; message: string } };
        refusals.push([`${who} ${method}`, response.status, body.error.code]);
        expect(JSON.stringify(body)).not.toContain('DEPLOY_KEY');
      }
    }
    expect(refusals).toEqual(
      ['member', 'viewer', 'agent'].flatMap((who) =>
        ['GET', 'PUT', 'POST', 'DELETE'].map((method) => [`${who} ${method}`, 403, 'forbidden']),
      ),
    );
    const memberGet = await server.request('GET', '/api/secrets', { token: member.token });
    expect(((await memberGet.json()) as { error: { message: string } }).error.message).toBe(
      'Your role "member" cannot list secrets; it needs "admin" or stronger (owner > admin > member > viewer).',
    );

    const foreign = await server.addWorkspace('Elsewhere');
    await addSkill(server, foreign.workspaceId, 'deploy');
    const own = await server.request('GET', '/api/secrets', { token: foreign.token });
    expect(await own.json()).toEqual({ secrets: [] });
    const ownPut = await server.request('PUT', '/api/secrets/DEPLOY_KEY', {
      token: foreign.token,
      json: { value: 'theirs', skills: ['deploy'] },
    });
    expect(ownPut.status).toBe(201);
    const pointed = { 'skillset-workspace': owner.workspaceId };
    for (const [method, path, json] of [
      ['GET', '/api/secrets', undefined],
      ['PUT', '/api/secrets/DEPLOY_KEY', { value: 'stolen', skills: ['evil'] }],
      ['POST', '/api/secrets/DEPLOY_KEY/approvals', { skill: 'deploy' }],
      ['DELETE', '/api/secrets/DEPLOY_KEY', undefined],
    ] as const) {
      const response = await server.request(method, path, {
        token: foreign.token,
        headers: pointed,
        ...(json === undefined ? {} : { json }),
      });
      expect([method, response.status]).toEqual([method, 404]);
    }

    expect(await valuesOf(server, owner.workspaceId, 'deploy', ['DEPLOY_KEY'])).toEqual({
      DEPLOY_KEY: VALUE,
    });
    expect(
      (await server.store.secrets.list(owner.workspaceId)).map((secret) => secret.skills),
    ).toEqual([['deploy', 'release']]);
    expect(await valuesOf(server, foreign.workspaceId, 'deploy', ['DEPLOY_KEY'])).toEqual({
      DEPLOY_KEY: 'theirs',
    });
  });

  it('answers 503 secrets_not_configured without a key, and the rest of the server works', async () => {
    await using server = await createTestApp();
    const token = server.owner.token;
    const message =
      'Secrets are not configured on this server: set SKILLSET_SECRET_KEY to 32 random bytes as base64 (openssl rand -base64 32) or as 64 hex characters (openssl rand -hex 32), and restart the server.';
    for (const [method, path, json] of [
      ['GET', '/api/secrets', undefined],
      ['PUT', '/api/secrets/TOKEN', { value: 'v', skills: [] }],
      ['PUT', '/api/secrets/TOKEN', { skills: [] }],
      ['POST', '/api/secrets/TOKEN/approvals', { skill: 'pdf' }],
      ['DELETE', '/api/secrets/TOKEN', undefined],
    ] as const) {
      const response = await server.request(method, path, {
        token,
        ...(json === undefined ? {} : { json }),
      });
      expect([method, response.status, await response.json()]).toEqual([
        method,
        503,
        { error: { code: 'secrets_not_configured', message } },
      ]);
    }
    const member = await server.addUser('member');
    expect((await server.request('GET', '/api/secrets', { token: member.token })).status).toBe(403);
    expect((await server.request('GET', '/api/skills', { token })).status).toBe(200);
    expect((await server.request('GET', '/api/me', { token })).status).toBe(200);
  });
});
