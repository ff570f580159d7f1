import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/create-test-app.ts';

describe('GET /api/me', () => {
  it('shows the user, the instance-admin flag and every workspace with its role', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    await server.store.members.add({
      workspaceId: other.workspaceId,
      userId: server.owner.userId as string,
      role: 'viewer',
    });
    const response = await server.request('GET', '/api/me', { token: server.owner.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      principal: {
        kind: 'user',
        id: server.owner.userId,
        workspaceId: server.owner.workspaceId,
        role: 'owner',
        instanceAdmin: true,
      },
      user: { id: server.owner.userId, name: 'Owner' },
      workspaces: [
        { id: server.owner.workspaceId, role: 'owner' },
        { id: other.workspaceId, role: 'viewer' },
      ],
    });
  });

  it('switches workspace with the header and shows a plain member as no instance admin', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const response = await server.request('GET', '/api/me', {
      token: other.token,
      headers: { 'skillset-workspace': 'other' },
    });
    expect(await response.json()).toMatchObject({
      principal: { workspaceId: other.workspaceId, role: 'owner', instanceAdmin: false },
    });
  });

  it('shows an agent its own record and workspace', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent({ name: 'bot', settings: { skills: ['pdf'] } });
    const response = await server.request('GET', '/api/me', { token: agent.token });
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      principal: { kind: 'agent', id: agent.agentId, instanceAdmin: false },
      agent: { id: agent.agentId, name: 'bot', settings: { skills: ['pdf'] } },
      workspaces: [{ id: agent.workspaceId }],
    });
    expect(body.user).toBeUndefined();
  });
});
