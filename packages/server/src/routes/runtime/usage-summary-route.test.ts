import { describe, expect, it } from 'vitest';
import {
  createRuntimeTestApp,
  type RuntimeTestApp,
  skillText,
} from '../../test-support/create-runtime-test-app.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface PrincipalBody {
  kind: string | null;
  id: string | null;
  name: string | null;
}

interface UsageSummaryBody {
  days: number;
  from: string;
  to: string;
  total: number;
  failures: number;
  skills: Array<{ skill: string; uses: number; failures: number; lastUsedAt: string }>;
  principals: Array<PrincipalBody & { uses: number; failures: number }>;
  unused: string[];
  daily: Array<{ day: string; uses: number; failures: number }>;
  failed: Array<{
    skill: string;
    outcome: string;
    principal: PrincipalBody;
    count: number;
    lastAt: string;
  }>;
}

/** A moment `count` days before today (UTC): half-way from midnight to the current time of day. */
function daysAgo(count: number): Date {
  const now = Date.now();
  const midnight = now - (now % DAY_MS);
  return new Date(midnight - count * DAY_MS + Math.floor((now - midnight) / 2));
}

async function summary(server: RuntimeTestApp, query: string, token = server.owner.token) {
  const response = await server.request('GET', `/api/usage/summary${query}`, { token });
  return { status: response.status, body: (await response.json()) as UsageSummaryBody };
}

/** Workspace A (the owner's) with skills, an agent and usage rows over the last 40 days. */
async function seeded() {
  const server = await createRuntimeTestApp();
  const workspaceId = server.owner.workspaceId;
  for (const name of ['notes', 'deploy', 'idle']) await server.addSkill(skillText(name));
  const agent = await server.addAgent({ name: 'support-bot' });
  const person = { kind: 'user' as const, id: server.owner.userId as string };
  const bot = { kind: 'agent' as const, id: agent.agentId as string };
  await server.store.usage.recordMany([
    { workspaceId, skillName: 'notes', trigger: 'user', principal: person, at: daysAgo(0) },
    { workspaceId, skillName: 'notes', trigger: 'model', principal: bot, at: daysAgo(0) },
    { workspaceId, skillName: 'notes', trigger: 'model', principal: bot, at: daysAgo(2) },
    { workspaceId, skillName: 'deploy', trigger: 'model', principal: bot, at: daysAgo(10) },
    { workspaceId, skillName: 'idle', trigger: 'model', principal: bot, at: daysAgo(40) },
  ]);
  return { server, agent };
}

describe('GET /api/usage/summary', () => {
  it('sums the uses per skill, principal and day of the period, and lists unused skills', async () => {
    const { server, agent } = await seeded();
    await using _server = server;
    const month = await summary(server, '');
    expect(month.status).toBe(200);
    expect(month.body.days).toBe(30);
    expect(month.body.total).toBe(4);
    expect(month.body.skills.map(({ skill, uses }) => ({ skill, uses }))).toEqual([
      { skill: 'notes', uses: 3 },
      { skill: 'deploy', uses: 1 },
    ]);
    expect(month.body.principals).toEqual([
      { kind: 'agent', id: agent.agentId, name: 'support-bot', uses: 3, failures: 0 },
      { kind: 'user', id: server.owner.userId, name: expect.any(String), uses: 1, failures: 0 },
    ]);
    expect(month.body.unused).toContain('idle');
    expect(month.body.unused).not.toContain('notes');
    expect(month.body.daily).toHaveLength(30);
    expect(month.body.daily.at(-1)).toEqual({
      day: new Date().toISOString().slice(0, 10),
      uses: 2,
      failures: 0,
    });
    expect(month.body.daily.reduce((sum, day) => sum + day.uses, 0)).toBe(4);
    expect(Date.parse(month.body.to) - Date.parse(month.body.from)).toBe(30 * DAY_MS);

    const week = await summary(server, '?days=7');
    expect(week.body.daily).toHaveLength(7);
    expect(week.body.total).toBe(3);
    expect(week.body.unused).toEqual(expect.arrayContaining(['deploy', 'idle']));
    expect((await summary(server, '?days=90')).body.total).toBe(5);
  });

  it('counts uses recorded by invoking a skill', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(skillText('notes'));
    const invoked = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/notes' },
    });
    expect(invoked.status).toBe(200);
    const { body } = await summary(server, '?days=1');
    expect(body.skills.map(({ skill, uses }) => ({ skill, uses }))).toEqual([
      { skill: 'notes', uses: 1 },
    ]);
  });

  it('counts a failed invocation apart from the uses, with its error code', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(
      skillText('release', {
        frontmatter: 'arguments:\n  - name: version\n    required: true\n',
        body: 'Release $version.',
      }),
    );
    const failed = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/release' },
    });
    expect(failed.status).toBe(400);
    const invoked = await server.request('POST', '/api/skills/invoke', {
      token: server.owner.token,
      json: { message: '/release 1.2.0' },
    });
    expect(invoked.status).toBe(200);
    const { body } = await summary(server, '?days=1');
    expect(body.total).toBe(1);
    expect(body.failures).toBe(1);
    expect(body.skills).toMatchObject([{ skill: 'release', uses: 1, failures: 1 }]);
    expect(body.failed).toMatchObject([
      {
        skill: 'release',
        outcome: 'missing_argument',
        principal: { kind: 'user', id: server.owner.userId },
        count: 1,
      },
    ]);
    expect(body.daily.at(-1)).toMatchObject({ uses: 1, failures: 1 });
    expect(body.unused).not.toContain('release');
  });

  it('counts a /name the policy refuses, and one an ask rule holds back, as failures', async () => {
    await using server = await createRuntimeTestApp();
    for (const name of ['deploy', 'review']) await server.addSkill(skillText(name));
    const agent = await server.addAgent({ name: 'ci-bot' });
    const workspaceId = server.owner.workspaceId;
    const agentId = agent.agentId as string;
    await server.store.permissions.create({
      workspaceId,
      agentId,
      skill: 'deploy',
      action: 'deny',
    });
    await server.store.permissions.create({ workspaceId, agentId, skill: 'review', action: 'ask' });
    for (const message of ['/deploy now', '/review the diff', '/nope']) {
      const response = await server.request('POST', '/api/skills/invoke', {
        token: agent.token,
        json: { message },
      });
      expect(response.status).toBe(200);
    }
    const { body } = await summary(server, '?days=1');
    expect(body.total).toBe(0);
    expect(body.failures).toBe(2);
    expect(body.failed.map(({ skill, outcome, count }) => ({ skill, outcome, count }))).toEqual(
      expect.arrayContaining([
        { skill: 'deploy', outcome: 'permission_denied', count: 1 },
        { skill: 'review', outcome: 'approval_required', count: 1 },
      ]),
    );
    expect(body.principals).toEqual([
      { kind: 'agent', id: agentId, name: 'ci-bot', uses: 0, failures: 2 },
    ]);
  });

  it('names the agent of each failure: two agents refused the same skill give two rows', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(skillText('github-release'));
    const workspaceId = server.owner.workspaceId;
    const agents = [
      await server.addAgent({ name: 'support-bot' }),
      await server.addAgent({ name: 'ci-bot' }),
    ];
    for (const agent of agents) {
      const agentId = agent.agentId as string;
      await server.store.permissions.create({
        workspaceId,
        agentId,
        skill: 'github-release',
        action: 'deny',
      });
    }
    const [support, ci] = agents as [(typeof agents)[0], (typeof agents)[0]];
    for (const agent of [support, support, support, ci]) {
      const response = await server.request('POST', '/api/skills/invoke', {
        token: agent.token,
        json: { message: '/github-release v2' },
      });
      expect(response.status).toBe(200);
    }
    const { body } = await summary(server, '?days=1');
    expect(body.failures).toBe(4);
    const rows = body.failed
      .map(({ skill, outcome, principal, count }) => ({ skill, outcome, principal, count }))
      .sort((first, second) =>
        String(first.principal.name).localeCompare(String(second.principal.name)),
      );
    expect(rows).toEqual([
      {
        skill: 'github-release',
        outcome: 'permission_denied',
        principal: { kind: 'agent', id: ci.agentId, name: 'ci-bot' },
        count: 1,
      },
      {
        skill: 'github-release',
        outcome: 'permission_denied',
        principal: { kind: 'agent', id: support.agentId, name: 'support-bot' },
        count: 3,
      },
    ]);
    const viewer = await server.addUser('viewer');
    expect((await summary(server, '?days=1', viewer.token)).body.failed).toEqual(body.failed);
  });

  it('answers members and viewers of the workspace, and refuses agent tokens', async () => {
    const { server, agent } = await seeded();
    await using _server = server;
    for (const role of ['member', 'viewer'] as const) {
      const user = await server.addUser(role);
      expect((await summary(server, '', user.token)).body.total).toBe(4);
    }
    const refused = await server.request('GET', '/api/usage/summary', { token: agent.token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'forbidden', message: expect.stringContaining('Agent tokens cannot') },
    });
  });

  it('shows a user of another workspace only that workspace’s usage', async () => {
    const { server } = await seeded();
    await using _server = server;
    const other = await server.addWorkspace('beta');
    await server.store.usage.record({
      workspaceId: other.workspaceId,
      skillName: 'beta-only',
      trigger: 'user',
      principal: { kind: 'user', id: other.userId as string },
    });
    const own = await summary(server, '', other.token);
    expect(own.status).toBe(200);
    expect(own.body.skills.map((row) => row.skill)).toEqual(['beta-only']);
    expect(own.body.principals.map((row) => row.id)).toEqual([other.userId]);
    expect(own.body.unused).not.toContain('notes');
    const asked = await server.request(
      'GET',
      `/api/usage/summary?workspace=${server.owner.workspaceId}`,
      { token: other.token },
    );
    expect(asked.status).toBe(404);
    expect(await asked.text()).not.toContain('notes');
  });

  it.each([
    ['abc', 'days: Give a whole number of days from 1 to 365, e.g. 30.'],
    ['100000', 'days: Give a whole number of days from 1 to 365, e.g. 30.'],
    ['0', 'days: Give a whole number of days from 1 to 365, e.g. 30.'],
    ['7.5', 'days: Give a whole number of days from 1 to 365, e.g. 30.'],
  ])('refuses days=%s with 400 and says what it takes', async (days, message) => {
    await using server = await createRuntimeTestApp();
    const response = await server.request('GET', `/api/usage/summary?days=${days}`, {
      token: server.owner.token,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 'invalid_request', message: `Invalid request query: ${message}` },
    });
  });
});
