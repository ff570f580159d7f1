import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/create-test-app.ts';

describe('workspace routes', () => {
  it('creates a workspace whose creator becomes owner, with an audited actor', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('member');
    const created = await server.request('POST', '/api/workspaces', {
      token: viewer.token,
      json: { name: 'Research Lab', settings: { integrations: ['github'] } },
    });
    expect(created.status).toBe(201);
    const workspace = (await created.json()) as { id: string; slug: string; role: string };
    expect(workspace).toMatchObject({
      slug: 'research-lab',
      role: 'owner',
      settings: { skillsEnabled: true, integrations: ['github'] },
    });
    const listed = await server.request('GET', '/api/workspaces', { token: viewer.token });
    expect(await listed.json()).toMatchObject({
      workspaces: [{ role: 'member' }, { id: workspace.id, role: 'owner' }],
    });
    const audit = await server.store.audit.list({ workspaceId: workspace.id });
    expect(audit.map((entry) => [entry.action, entry.actor])).toEqual([
      ['member.add', { kind: 'user', id: viewer.userId }],
      ['workspace.create', { kind: 'user', id: viewer.userId }],
    ]);
  });

  it('lets no viewer create a workspace, nor a token limited to where its user is a viewer', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const refused = await server.request('POST', '/api/workspaces', {
      token: viewer.token,
      json: { name: 'Shadow' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { code: 'forbidden', message: expect.stringContaining('you are a viewer') },
    });
    const team = await server.addWorkspace('Team');
    await server.store.members.add({
      workspaceId: team.workspaceId,
      userId: viewer.userId as string,
      role: 'member',
    });
    const limited = await server.store.tokens.create({
      name: 'limited',
      principal: {
        kind: 'user',
        userId: viewer.userId as string,
        workspaceId: server.owner.workspaceId,
      },
    });
    for (const [token, status] of [
      [limited.token, 403],
      [viewer.token, 201],
    ] as const) {
      const response = await server.request('POST', '/api/workspaces', {
        token,
        json: { name: 'Side project' },
      });
      expect(response.status).toBe(status);
    }
  });

  it('derives a free slug from a taken name and answers 409 for a taken explicit slug', async () => {
    await using server = await createTestApp();
    const token = server.owner.token;
    const second = await server.request('POST', '/api/workspaces', {
      token,
      json: { name: 'Default' },
    });
    expect(await second.json()).toMatchObject({ slug: 'default-2' });
    const taken = await server.request('POST', '/api/workspaces', {
      token,
      json: { name: 'Other', slug: 'default' },
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ error: { code: 'workspace_slug_taken' } });
  });

  it('lets admins change settings, clears integrations with null, and refuses members', async () => {
    await using server = await createTestApp();
    const path = `/api/workspaces/${server.owner.workspaceId}`;
    const member = await server.addUser('member');
    const refused = await server.request('PATCH', path, {
      token: member.token,
      json: { name: 'Renamed' },
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    const admin = await server.addUser('admin');
    const gated = await server.request('PATCH', path, {
      token: admin.token,
      json: { name: 'Renamed', settings: { skillsEnabled: false, integrations: ['slack'] } },
    });
    expect(gated.status).toBe(200);
    expect(await gated.json()).toMatchObject({
      name: 'Renamed',
      role: 'admin',
      settings: { skillsEnabled: false, integrations: ['slack'] },
    });
    const cleared = await server.request('PATCH', path, {
      token: admin.token,
      json: { settings: { integrations: null } },
    });
    expect(await cleared.json()).toMatchObject({ settings: { skillsEnabled: false } });
    const stored = await server.store.workspaces.get(server.owner.workspaceId);
    expect(stored?.settings).toEqual({ skillsEnabled: false });
    const [entry] = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'workspace.update',
    });
    expect(entry?.actor).toEqual({ kind: 'user', id: admin.userId });
  });

  it('lets only an owner delete a workspace, after which it is gone', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const path = `/api/workspaces/${other.workspaceId}`;
    const admin = await server.addUser('admin', other.workspaceId);
    expect((await server.request('DELETE', path, { token: admin.token })).status).toBe(403);
    expect((await server.request('DELETE', path, { token: other.token })).status).toBe(204);
    expect(await server.store.workspaces.get(other.workspaceId)).toBeUndefined();
    const [entry] = await server.store.audit.list({
      workspaceId: null,
      action: 'workspace.delete',
    });
    expect(entry).toMatchObject({ actor: { kind: 'user', id: other.userId } });
  });

  it('answers 404 for a workspace the caller does not belong to or that does not exist', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    for (const id of [other.workspaceId, 'no-such-workspace']) {
      for (const method of ['GET', 'PATCH', 'DELETE']) {
        const response = await server.request(method, `/api/workspaces/${id}`, {
          token: server.owner.token,
          ...(method === 'PATCH' ? { json: { name: 'x' } } : {}),
        });
        expect(response.status, `${method} ${id}`).toBe(404);
        expect(await response.json()).toMatchObject({ error: { code: 'not_found' } });
      }
    }
  });

  it('reads a second workspace of a member by id with the role held there', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    await server.store.members.add({
      workspaceId: other.workspaceId,
      userId: server.owner.userId as string,
      role: 'viewer',
    });
    const response = await server.request('GET', `/api/workspaces/${other.workspaceId}`, {
      token: server.owner.token,
    });
    expect(await response.json()).toMatchObject({ id: other.workspaceId, role: 'viewer' });
    const patch = await server.request('PATCH', `/api/workspaces/${other.workspaceId}`, {
      token: server.owner.token,
      json: { name: 'Mine now' },
    });
    expect(patch.status).toBe(403);
  });

  it('refuses agent tokens with 403', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent();
    const responses = await Promise.all([
      server.request('GET', '/api/workspaces', { token: agent.token }),
      server.request('POST', '/api/workspaces', { token: agent.token, json: { name: 'x' } }),
      server.request('GET', `/api/workspaces/${agent.workspaceId}`, { token: agent.token }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([403, 403, 403]);
  });
});
