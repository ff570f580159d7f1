import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/create-test-app.ts';

interface AgentJson {
  id: string;
  name: string;
  settings: Record<string, unknown>;
}

describe('agent routes', () => {
  it('creates, reads, lists and merges settings of an agent, audited with the actor', async () => {
    await using server = await createTestApp();
    const token = server.owner.token;
    const created = await server.request('POST', '/api/agents', {
      token,
      json: {
        name: 'support-bot',
        description: 'Answers tickets',
        actsForUserId: server.owner.userId,
        settings: { allowlist: ['pdf-*'], catalogBudget: 2000, skills: ['pdf-tools'] },
      },
    });
    expect(created.status).toBe(201);
    const agent = (await created.json()) as AgentJson;
    expect(agent).toMatchObject({
      name: 'support-bot',
      actsForUserId: server.owner.userId,
      settings: {
        skillsEnabled: true,
        allowlist: ['pdf-*'],
        includePersonal: false,
        catalogBudget: 2000,
        skills: ['pdf-tools'],
      },
    });
    const patched = await server.request('PATCH', `/api/agents/${agent.id}`, {
      token,
      json: {
        description: null,
        settings: { catalogBudget: null, integrations: ['github'], includePersonal: true },
      },
    });
    expect(patched.status).toBe(200);
    const after = (await patched.json()) as AgentJson;
    expect(after).toMatchObject({ description: null });
    expect(after.settings).toEqual({
      skillsEnabled: true,
      allowlist: ['pdf-*'],
      integrations: ['github'],
      includePersonal: true,
      skills: ['pdf-tools'],
    });
    const read = await server.request('GET', `/api/agents/${agent.id}`, { token });
    expect(await read.json()).toEqual(after);
    const listed = await server.request('GET', '/api/agents', { token });
    expect(await listed.json()).toEqual({ agents: [after] });
    const audit = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      targetId: agent.id,
    });
    expect(audit.map((entry) => [entry.action, entry.actor?.id])).toEqual([
      ['agent.update', server.owner.userId],
      ['agent.create', server.owner.userId],
    ]);
  });

  it('answers 409 for a duplicate name, ignoring case, on create and rename', async () => {
    await using server = await createTestApp();
    const token = server.owner.token;
    await server.request('POST', '/api/agents', { token, json: { name: 'Helper' } });
    const duplicate = await server.request('POST', '/api/agents', {
      token,
      json: { name: 'helper' },
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toMatchObject({ error: { code: 'agent_name_taken' } });
    const other = await server.addAgent({ name: 'other' });
    const rename = await server.request('PATCH', `/api/agents/${other.agentId}`, {
      token,
      json: { name: 'HELPER' },
    });
    expect(rename.status).toBe(409);
  });

  it('lets viewers read but only admins write', async () => {
    await using server = await createTestApp();
    const member = await server.addUser('member');
    const viewer = await server.addUser('viewer');
    const agent = await server.addAgent();
    expect((await server.request('GET', '/api/agents', { token: viewer.token })).status).toBe(200);
    const attempts = [
      ['POST', '/api/agents', { name: 'mine' }],
      ['PATCH', `/api/agents/${agent.agentId}`, { name: 'renamed' }],
      ['DELETE', `/api/agents/${agent.agentId}`, undefined],
    ] as const;
    for (const [method, path, json] of attempts) {
      for (const token of [member.token, viewer.token]) {
        const response = await server.request(method, path, {
          token,
          ...(json === undefined ? {} : { json }),
        });
        expect(response.status, `${method} ${path}`).toBe(403);
      }
    }
  });

  it('lets an agent read its own record only, and refuses its writes', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent({ name: 'me' });
    const sibling = await server.addAgent({ name: 'sibling' });
    const own = await server.request('GET', `/api/agents/${agent.agentId}`, {
      token: agent.token,
    });
    expect(await own.json()).toMatchObject({ id: agent.agentId, name: 'me' });
    const other = await server.request('GET', `/api/agents/${sibling.agentId}`, {
      token: agent.token,
    });
    expect(other.status).toBe(403);
    expect((await server.request('GET', '/api/agents', { token: agent.token })).status).toBe(403);
    const patch = await server.request('PATCH', `/api/agents/${agent.agentId}`, {
      token: agent.token,
      json: { settings: { allowlist: [] } },
    });
    expect(patch.status).toBe(403);
  });

  it('answers 404 for unknown agents and another workspace’s agents', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const foreign = await server.addAgent({ workspaceId: other.workspaceId });
    for (const id of ['no-such-agent', foreign.agentId as string]) {
      const response = await server.request('GET', `/api/agents/${id}`, {
        token: server.owner.token,
      });
      expect(response.status).toBe(404);
    }
  });

  it('refuses to act for a user who is not a member', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const response = await server.request('POST', '/api/agents', {
      token: server.owner.token,
      json: { name: 'spy', actsForUserId: other.userId },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: { code: 'user_not_member' } });
  });

  it('deletes an agent and its tokens stop working', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent();
    expect((await server.request('GET', '/api/me', { token: agent.token })).status).toBe(200);
    const deleted = await server.request('DELETE', `/api/agents/${agent.agentId}`, {
      token: server.owner.token,
    });
    expect(deleted.status).toBe(204);
    expect((await server.request('GET', '/api/me', { token: agent.token })).status).toBe(401);
    const again = await server.request('DELETE', `/api/agents/${agent.agentId}`, {
      token: server.owner.token,
    });
    expect(again.status).toBe(404);
  });
});
