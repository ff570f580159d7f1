import { createTestApp, type TestApp } from '@skillset/server/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The tenancy matrix: every route that names a resource is tried by principals of workspace A
 * against workspace B's resources (404, never 403), and every write is tried by the roles too weak
 * for it inside their own workspace (403). Add a route by appending a row to a table below;
 * `{placeholders}` are replaced with the ids and names of the world built in `beforeAll`.
 */
interface MatrixRow {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The route may refuse with 403 instead of 404, provided the refusal is byte-for-byte the one a
   * nonexistent id gets, so it leaks nothing (e.g. an agent token naming any agent but itself).
   */
  sameAsMissing?: true;
}

/** A write inside the caller's own workspace and the weakest role allowed to make it. */
interface WriteRow extends MatrixRow {
  minimum: 'member' | 'admin' | 'owner';
}

const SKILL_MD = (name: string) =>
  `---\nname: ${name}\ndescription: A skill used by the tenancy matrix.\n---\n\nDo the thing.\n`;

/** Admin resources of workspace B, reached with workspace A's tokens. */
const ADMIN_ROUTES_ON_B: MatrixRow[] = [
  { method: 'GET', path: '/api/workspaces/{workspaceB}' },
  { method: 'PATCH', path: '/api/workspaces/{workspaceB}', body: { name: 'Taken over' } },
  { method: 'DELETE', path: '/api/workspaces/{workspaceB}' },
  { method: 'GET', path: '/api/workspaces/{workspaceB}/members' },
  {
    method: 'POST',
    path: '/api/workspaces/{workspaceB}/members/{memberB}/sign-in-link',
    body: { delivery: 'link' },
  },
  {
    method: 'POST',
    path: '/api/workspaces/{workspaceB}/invitations',
    body: { email: 'a-friend@example.com', role: 'owner', kind: 'open_link' },
  },
  {
    method: 'PATCH',
    path: '/api/workspaces/{workspaceB}/members/{memberB}',
    body: { role: 'viewer' },
  },
  { method: 'DELETE', path: '/api/workspaces/{workspaceB}/members/{memberB}' },
  { method: 'GET', path: '/api/agents/{agentB}' },
  { method: 'PATCH', path: '/api/agents/{agentB}', body: { name: 'hijacked' } },
  { method: 'DELETE', path: '/api/agents/{agentB}' },
  { method: 'DELETE', path: '/api/tokens/{agentTokenB}' },
  { method: 'DELETE', path: '/api/tokens/{userTokenB}' },
  { method: 'POST', path: '/api/tokens', body: { name: 'stolen', agentId: '{agentB}' } },
  { method: 'DELETE', path: '/api/permissions/{ruleB}' },
  { method: 'GET', path: '/api/permissions?agentId={agentB}' },
  {
    method: 'POST',
    path: '/api/permissions',
    body: { agentId: '{agentB}', skill: '*', action: 'deny' },
  },
  {
    method: 'PUT',
    path: '/api/permissions',
    body: { agentId: '{agentB}', rules: [{ skill: '*', action: 'deny' }] },
  },
  { method: 'GET', path: '/api/agents', headers: { 'skillset-workspace': '{workspaceB}' } },
  { method: 'GET', path: '/api/me', headers: { 'skillset-workspace': '{workspaceB}' } },
];

/** Skill routes naming workspace B's skill (the skills engineer's routes). */
const SKILL_ROUTES_ON_B: MatrixRow[] = [
  { method: 'GET', path: '/api/skills/{skillB}' },
  {
    method: 'PATCH',
    path: '/api/skills/{skillB}',
    headers: { 'if-match': '"1"' },
    body: { description: 'Changed by another tenant.' },
  },
  {
    method: 'PUT',
    path: '/api/skills/{skillB}',
    headers: { 'if-match': '"1"' },
    body: { content: SKILL_MD('{skillB}') },
  },
  { method: 'DELETE', path: '/api/skills/{skillB}' },
  { method: 'DELETE', path: '/api/skills/{skillB}?force=true' },
  { method: 'POST', path: '/api/skills/{skillB}/enable' },
  { method: 'POST', path: '/api/skills/{skillB}/disable' },
  { method: 'GET', path: '/api/skills/{skillB}/versions' },
  { method: 'GET', path: '/api/skills/{skillB}/versions/1' },
  { method: 'POST', path: '/api/skills/{skillB}/versions/1/restore' },
  { method: 'GET', path: '/api/skills/{skillB}/diff?from=1&to=1' },
  { method: 'GET', path: '/api/skills/{skillB}/files/SKILL.md' },
  { method: 'GET', path: '/api/skills/{skillB}/download' },
];

/** Runtime routes naming workspace B's resources (the runtime engineer's routes): append here. */
const RUNTIME_ROUTES_ON_B: MatrixRow[] = [
  { method: 'GET', path: '/api/skills/prompt?agent={agentB}', sameAsMissing: true },
  {
    method: 'POST',
    path: '/api/skills/invoke',
    body: { agent: '{agentB}', message: '/{skillB}' },
    sameAsMissing: true,
  },
];

/** Admin writes inside the caller's own workspace A. */
const ADMIN_WRITES_IN_A: WriteRow[] = [
  { method: 'PATCH', path: '/api/workspaces/{workspaceA}', body: { name: 'A2' }, minimum: 'admin' },
  { method: 'DELETE', path: '/api/workspaces/{workspaceA}', minimum: 'owner' },
  {
    method: 'POST',
    path: '/api/workspaces/{workspaceA}/invitations',
    body: { email: 'new-person@example.com', role: 'viewer', kind: 'open_link' },
    minimum: 'admin',
  },
  {
    method: 'POST',
    path: '/api/workspaces/{workspaceA}/members/{otherMemberA}/sign-in-link',
    body: { delivery: 'link' },
    minimum: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/workspaces/{workspaceA}/members/{otherMemberA}',
    body: { role: 'viewer' },
    minimum: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/workspaces/{workspaceA}/members/{ownerA}',
    body: { role: 'admin' },
    minimum: 'owner',
  },
  {
    method: 'DELETE',
    path: '/api/workspaces/{workspaceA}/members/{otherMemberA}',
    minimum: 'admin',
  },
  { method: 'POST', path: '/api/agents', body: { name: 'new-agent' }, minimum: 'admin' },
  { method: 'PATCH', path: '/api/agents/{agentA}', body: { name: 'renamed' }, minimum: 'admin' },
  { method: 'DELETE', path: '/api/agents/{agentA}', minimum: 'admin' },
  {
    method: 'POST',
    path: '/api/tokens',
    body: { name: 'k', agentId: '{agentA}' },
    minimum: 'admin',
  },
  { method: 'DELETE', path: '/api/tokens/{agentTokenA}', minimum: 'admin' },
  {
    method: 'POST',
    path: '/api/permissions',
    body: { skill: '*', surface: 'manage', action: 'allow' },
    minimum: 'admin',
  },
  { method: 'PUT', path: '/api/permissions', body: { rules: [] }, minimum: 'admin' },
  { method: 'DELETE', path: '/api/permissions/{ruleA}', minimum: 'admin' },
];

/** Skill writes inside workspace A (members and stronger may write workspace skills). */
const SKILL_WRITES_IN_A: WriteRow[] = [
  {
    method: 'POST',
    path: '/api/skills',
    body: { content: SKILL_MD('new-skill') },
    minimum: 'member',
  },
  {
    method: 'PATCH',
    path: '/api/skills/{skillA}',
    headers: { 'if-match': '"1"' },
    body: { description: 'Changed.' },
    minimum: 'member',
  },
  {
    method: 'PUT',
    path: '/api/skills/{skillA}',
    headers: { 'if-match': '"1"' },
    body: { content: SKILL_MD('{skillA}') },
    minimum: 'member',
  },
  { method: 'POST', path: '/api/skills/{skillA}/disable', minimum: 'member' },
  { method: 'POST', path: '/api/skills/{skillA}/versions/1/restore', minimum: 'member' },
  { method: 'DELETE', path: '/api/skills/{skillA}?force=true', minimum: 'member' },
];

/** Admin reads an agent token may not make (it may read /api/me and its own agent record). */
const ADMIN_READS_REFUSED_TO_AGENTS: MatrixRow[] = [
  { method: 'GET', path: '/api/workspaces' },
  { method: 'GET', path: '/api/workspaces/{workspaceA}' },
  { method: 'GET', path: '/api/workspaces/{workspaceA}/members' },
  { method: 'GET', path: '/api/agents' },
  { method: 'GET', path: '/api/agents/{agentA}' },
  { method: 'GET', path: '/api/tokens' },
  { method: 'GET', path: '/api/permissions' },
];

// Self-service writes every user may make, viewers included, so they are in no write table:
// POST /api/workspaces (a new workspace of one's own), POST /api/tokens and DELETE /api/tokens/{id}
// for one's own user tokens, DELETE /api/workspaces/{id}/members/{me} (leaving).

type Role = 'owner' | 'admin' | 'member' | 'viewer';
const ROLES: Role[] = ['owner', 'admin', 'member', 'viewer'];
const STRENGTH: Record<Role, number> = { owner: 3, admin: 2, member: 1, viewer: 0 };

let server: TestApp;
let tokensOfA: Record<Role | 'agent', string>;
let values: Record<string, string>;

function fill(text: string, missing = false): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) =>
    missing ? `missing-${key}` : (values[key] ?? match),
  );
}

function fillBody(body: unknown, missing = false): unknown {
  return body === undefined ? undefined : JSON.parse(fill(JSON.stringify(body), missing));
}

/** Sends a row with the world's ids, or with ids that exist nowhere when `missing` is set. */
async function send(row: MatrixRow, token: string, missing = false) {
  const json = fillBody(row.body, missing);
  const headers = Object.fromEntries(
    Object.entries(row.headers ?? {}).map(([name, value]) => [name, fill(value, missing)]),
  );
  const response = await server.request(row.method, fill(row.path, missing), {
    token,
    headers,
    ...(json === undefined ? {} : { json }),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text) };
}

function label(row: MatrixRow, who: string): string {
  return `${who}: ${row.method} ${row.path}`;
}

beforeAll(async () => {
  server = await createTestApp();
  const { store } = server;
  const workspaceA = server.owner.workspaceId;
  const [adminA, memberA, viewerA, agentA] = [
    await server.addUser('admin'),
    await server.addUser('member'),
    await server.addUser('viewer'),
    await server.addAgent({ name: 'agent-a' }),
  ];
  tokensOfA = {
    owner: server.owner.token,
    admin: adminA.token,
    member: memberA.token,
    viewer: viewerA.token,
    agent: agentA.token,
  };
  const ownerB = await server.addWorkspace('Beta');
  const workspaceB = ownerB.workspaceId;
  const memberB = await server.addUser('member', workspaceB);
  await server.addUser('admin', workspaceB);
  await server.addUser('viewer', workspaceB);
  const agentB = await server.addAgent({ workspaceId: workspaceB, name: 'agent-b' });
  const [agentTokenB] = await store.tokens.list({ principalId: agentB.agentId as string });
  const [userTokenB] = await store.tokens.list({ principalId: ownerB.userId as string });
  const ruleB = await store.permissions.create({
    workspaceId: workspaceB,
    skill: 'x',
    action: 'deny',
  });
  const skillB = await store.skills.create({
    scope: 'workspace',
    workspaceId: workspaceB,
    skillMd: SKILL_MD('beta-secret'),
  });
  if (!skillB.ok) throw new Error('could not create the skill of workspace B');

  const victim = await server.addAgent({ name: 'victim' });
  const [agentTokenA] = await store.tokens.list({ principalId: victim.agentId as string });
  const ruleA = await store.permissions.create({
    workspaceId: workspaceA,
    skill: 'y',
    action: 'deny',
  });
  const skillA = await store.skills.create({
    scope: 'workspace',
    workspaceId: workspaceA,
    skillMd: SKILL_MD('alpha-skill'),
  });
  if (!skillA.ok) throw new Error('could not create the skill of workspace A');
  const outsider = await store.users.create({ name: 'Outsider' });
  const otherMemberA = await server.addUser('member');
  values = {
    workspaceA,
    workspaceB,
    userA: server.owner.userId as string,
    ownerA: server.owner.userId as string,
    otherMemberA: otherMemberA.userId as string,
    memberB: memberB.userId as string,
    agentA: victim.agentId as string,
    agentB: agentB.agentId as string,
    agentTokenA: agentTokenA?.id as string,
    agentTokenB: agentTokenB?.id as string,
    userTokenB: userTokenB?.id as string,
    ruleA: ruleA.id,
    ruleB: ruleB.id,
    skillA: skillA.skill.name,
    skillB: skillB.skill.name,
    outsider: outsider.id,
  };
});

afterAll(async () => {
  await server[Symbol.asyncDispose]();
});

describe('tenancy matrix', () => {
  const onB = [...ADMIN_ROUTES_ON_B, ...SKILL_ROUTES_ON_B, ...RUNTIME_ROUTES_ON_B];

  it(`answers 404 to every principal of A on ${onB.length} routes naming B's resources`, async () => {
    for (const row of onB) {
      for (const [who, token] of Object.entries(tokensOfA)) {
        const { status, body } = await send(row, token);
        if (row.sameAsMissing && status === 403) {
          expect(body, label(row, who)).toEqual((await send(row, token, true)).body);
          continue;
        }
        expect(status, label(row, who)).toBe(404);
        expect(body, label(row, who)).toMatchObject({
          error: { code: expect.stringMatching(/not_found$/), message: expect.any(String) },
        });
      }
    }
  });

  it('leaves every resource of B untouched', async () => {
    const workspace = await server.store.workspaces.get(values.workspaceB as string);
    expect(workspace?.name).toBe('Beta');
    const agent = await server.store.agents.get(
      values.workspaceB as string,
      values.agentB as string,
    );
    expect(agent?.name).toBe('agent-b');
    const members = await server.store.members.list(values.workspaceB as string);
    expect(members.map((member) => member.role).sort()).toEqual([
      'admin',
      'member',
      'owner',
      'viewer',
    ]);
    const tokens = await server.store.tokens.list({ workspaceId: values.workspaceB as string });
    expect(tokens.every((token) => token.revokedAt === null)).toBe(true);
  });

  const writes = [...ADMIN_WRITES_IN_A, ...SKILL_WRITES_IN_A];

  it(`answers 403 to roles below the minimum on ${writes.length} writes in their own workspace`, async () => {
    for (const row of writes) {
      for (const role of ROLES.filter((candidate) => STRENGTH[candidate] < STRENGTH[row.minimum])) {
        const { status, body } = await send(row, tokensOfA[role]);
        expect(status, label(row, role)).toBe(403);
        expect(body, label(row, role)).toMatchObject({ error: { code: 'forbidden' } });
      }
    }
  });

  it(`answers 403 or 404 to an agent on ${writes.length} writes and ${ADMIN_READS_REFUSED_TO_AGENTS.length} admin reads`, async () => {
    const ownRecord = ADMIN_READS_REFUSED_TO_AGENTS.filter(
      (row) => row.path !== '/api/agents/{agentA}',
    );
    for (const row of [...writes, ...ownRecord]) {
      const { status } = await send(row, tokensOfA.agent);
      expect([403, 404], label(row, 'agent')).toContain(status);
    }
    const agentRecord = await send(
      { method: 'GET', path: '/api/agents/{agentA}' },
      tokensOfA.agent,
    );
    expect(agentRecord.status, 'an agent reads only its own record').toBe(403);
  });

  it('lets the owner of A reach the same routes in A (the refusals above are not blanket)', async () => {
    const reads = ADMIN_READS_REFUSED_TO_AGENTS;
    for (const row of reads) {
      const { status } = await send(row, tokensOfA.owner);
      expect(status, label(row, 'owner')).toBe(200);
    }
  });
});
