import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/create-test-app.ts';

interface RuleJson {
  id: string;
  agentId: string | null;
  skill: string;
  surface: string;
  action: string;
}

describe('permission routes', () => {
  it('creates, lists, filters by agent, replaces and deletes rules, audited', async () => {
    await using server = await createTestApp();
    const token = server.owner.token;
    const agent = await server.addAgent();
    const wide = await server.request('POST', '/api/permissions', {
      token,
      json: { skill: 'deploy-*', surface: 'model', action: 'ask' },
    });
    expect(wide.status).toBe(201);
    expect(await wide.json()).toMatchObject({ agentId: null, principal: '*', action: 'ask' });
    const bound = await server.request('POST', '/api/permissions', {
      token,
      json: { agentId: agent.agentId, skill: 'pdf', action: 'deny' },
    });
    const boundRule = (await bound.json()) as RuleJson;
    expect(boundRule).toMatchObject({ agentId: agent.agentId, surface: '*' });
    const other = await server.addAgent();
    const filtered = await server.request('GET', `/api/permissions?agentId=${other.agentId}`, {
      token,
    });
    const { rules } = (await filtered.json()) as { rules: RuleJson[] };
    expect(rules.map((rule) => rule.skill)).toEqual(['deploy-*']);
    const replaced = await server.request('PUT', '/api/permissions', {
      token,
      json: {
        agentId: agent.agentId,
        rules: [
          { skill: 'a', surface: 'manage', action: 'allow' },
          { skill: 'b', action: 'deny' },
        ],
      },
    });
    expect(replaced.status).toBe(200);
    const after = (await replaced.json()) as { rules: RuleJson[] };
    expect(after.rules.map((rule) => [rule.skill, rule.agentId])).toEqual([
      ['a', agent.agentId],
      ['b', agent.agentId],
    ]);
    const all = (await (await server.request('GET', '/api/permissions', { token })).json()) as {
      rules: RuleJson[];
    };
    // Rules written in one transaction share a timestamp, so only the first one's place is fixed.
    expect(all.rules.map((rule) => rule.skill)[0]).toBe('deploy-*');
    expect(all.rules.map((rule) => rule.skill).sort()).toEqual(['a', 'b', 'deploy-*']);
    const ruleId = after.rules[0]?.id as string;
    expect((await server.request('DELETE', `/api/permissions/${ruleId}`, { token })).status).toBe(
      204,
    );
    expect((await server.request('DELETE', `/api/permissions/${ruleId}`, { token })).status).toBe(
      404,
    );
    const audit = await server.store.audit.list({ workspaceId: server.owner.workspaceId });
    const actions = audit
      .filter((entry) => entry.action.startsWith('permission.'))
      .map((entry) => [entry.action, entry.actor?.id]);
    expect(actions).toEqual([
      ['permission.delete', server.owner.userId],
      ['permission.replace', server.owner.userId],
      ['permission.create', server.owner.userId],
      ['permission.create', server.owner.userId],
    ]);
  });

  it('lets viewers and members read rules but only admins change them', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const member = await server.addUser('member');
    for (const principal of [viewer, member]) {
      const read = await server.request('GET', '/api/permissions', { token: principal.token });
      expect(read.status).toBe(200);
      const write = await server.request('POST', '/api/permissions', {
        token: principal.token,
        json: { skill: '*', action: 'deny' },
      });
      expect(write.status).toBe(403);
      const replace = await server.request('PUT', '/api/permissions', {
        token: principal.token,
        json: { rules: [] },
      });
      expect(replace.status).toBe(403);
    }
  });

  it('rejects bad surfaces and actions, and unknown or foreign agents', async () => {
    await using server = await createTestApp();
    const token = server.owner.token;
    const surface = await server.request('POST', '/api/permissions', {
      token,
      json: { skill: 'x', surface: 'everywhere', action: 'allow' },
    });
    expect(surface.status).toBe(400);
    const action = await server.request('POST', '/api/permissions', {
      token,
      json: { skill: 'x', action: 'maybe' },
    });
    expect(action.status).toBe(400);
    const other = await server.addWorkspace('Other');
    const foreign = await server.addAgent({ workspaceId: other.workspaceId });
    for (const agentId of ['no-such-agent', foreign.agentId as string]) {
      const create = await server.request('POST', '/api/permissions', {
        token,
        json: { agentId, skill: 'x', action: 'allow' },
      });
      expect(create.status).toBe(404);
      const list = await server.request('GET', `/api/permissions?agentId=${agentId}`, { token });
      expect(list.status).toBe(404);
    }
  });

  it('refuses agent tokens with 403', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent();
    const read = await server.request('GET', '/api/permissions', { token: agent.token });
    const write = await server.request('POST', '/api/permissions', {
      token: agent.token,
      json: { agentId: agent.agentId, skill: '*', surface: 'manage', action: 'allow' },
    });
    expect([read.status, write.status]).toEqual([403, 403]);
  });
});
