import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/create-test-app.ts';

describe('member routes', () => {
  it('lists members with roles for any member, viewers included', async () => {
    await using server = await createTestApp();
    const viewer = await server.addUser('viewer');
    const response = await server.request(
      'GET',
      `/api/workspaces/${server.owner.workspaceId}/members`,
      { token: viewer.token },
    );
    expect(response.status).toBe(200);
    const { members } = (await response.json()) as { members: Array<{ role: string }> };
    expect(members.map((member) => member.role)).toEqual(['owner', 'viewer']);
  });

  it('adds an existing user by email or id, audited, and answers 409 for a member', async () => {
    await using server = await createTestApp();
    const path = `/api/workspaces/${server.owner.workspaceId}/members`;
    const admin = await server.addUser('admin');
    const ada = await server.store.users.create({ name: 'Ada', email: 'ada@example.com' });
    const byEmail = await server.request('POST', path, {
      token: admin.token,
      json: { email: 'ADA@example.com', role: 'member' },
    });
    expect(byEmail.status).toBe(201);
    expect(await byEmail.json()).toMatchObject({ userId: ada.id, name: 'Ada', role: 'member' });
    const again = await server.request('POST', path, {
      token: admin.token,
      json: { userId: ada.id, role: 'viewer' },
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ error: { code: 'member_exists' } });
    const [entry] = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'member.add',
      targetId: ada.id,
    });
    expect(entry?.actor).toEqual({ kind: 'user', id: admin.userId });
  });

  it('refuses unknown users, ambiguous bodies, members adding, and admins granting owner', async () => {
    await using server = await createTestApp();
    const path = `/api/workspaces/${server.owner.workspaceId}/members`;
    const admin = await server.addUser('admin');
    const member = await server.addUser('member');
    const bob = await server.store.users.create({ name: 'Bob', email: 'bob@example.com' });
    const unknown = await server.request('POST', path, {
      token: admin.token,
      json: { email: 'nobody@example.com', role: 'member' },
    });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: 'user_not_found' } });
    const both = await server.request('POST', path, {
      token: admin.token,
      json: { userId: bob.id, email: 'bob@example.com', role: 'member' },
    });
    expect(both.status).toBe(400);
    const byMember = await server.request('POST', path, {
      token: member.token,
      json: { userId: bob.id, role: 'viewer' },
    });
    expect(byMember.status).toBe(403);
    const ownerByAdmin = await server.request('POST', path, {
      token: admin.token,
      json: { userId: bob.id, role: 'owner' },
    });
    expect(ownerByAdmin.status).toBe(403);
    const ownerByOwner = await server.request('POST', path, {
      token: server.owner.token,
      json: { userId: bob.id, role: 'owner' },
    });
    expect(ownerByOwner.status).toBe(201);
  });

  it('changes roles, protecting owners from admins and the last owner from everyone', async () => {
    await using server = await createTestApp();
    const base = `/api/workspaces/${server.owner.workspaceId}/members`;
    const admin = await server.addUser('admin');
    const member = await server.addUser('member');
    const promoted = await server.request('PATCH', `${base}/${member.userId}`, {
      token: admin.token,
      json: { role: 'admin' },
    });
    expect(promoted.status).toBe(200);
    expect(await promoted.json()).toMatchObject({ userId: member.userId, role: 'admin' });
    const demoteOwner = await server.request('PATCH', `${base}/${server.owner.userId}`, {
      token: admin.token,
      json: { role: 'member' },
    });
    expect(demoteOwner.status).toBe(403);
    const lastOwner = await server.request('PATCH', `${base}/${server.owner.userId}`, {
      token: server.owner.token,
      json: { role: 'admin' },
    });
    expect(lastOwner.status).toBe(409);
    expect(await lastOwner.json()).toMatchObject({ error: { code: 'last_owner' } });
    const unknown = await server.request('PATCH', `${base}/no-such-user`, {
      token: server.owner.token,
      json: { role: 'viewer' },
    });
    expect(unknown.status).toBe(404);
    const badRole = await server.request('PATCH', `${base}/${member.userId}`, {
      token: server.owner.token,
      json: { role: 'superuser' },
    });
    expect(badRole.status).toBe(400);
  });

  it('removes members, lets anyone leave, and keeps the last owner', async () => {
    await using server = await createTestApp();
    const base = `/api/workspaces/${server.owner.workspaceId}/members`;
    const member = await server.addUser('member');
    const viewer = await server.addUser('viewer');
    const byMember = await server.request('DELETE', `${base}/${viewer.userId}`, {
      token: member.token,
    });
    expect(byMember.status).toBe(403);
    const leave = await server.request('DELETE', `${base}/${viewer.userId}`, {
      token: viewer.token,
    });
    expect(leave.status).toBe(204);
    expect((await server.request('GET', '/api/me', { token: viewer.token })).status).toBe(404);
    const removed = await server.request('DELETE', `${base}/${member.userId}`, {
      token: server.owner.token,
    });
    expect(removed.status).toBe(204);
    const lastOwner = await server.request('DELETE', `${base}/${server.owner.userId}`, {
      token: server.owner.token,
    });
    expect(lastOwner.status).toBe(409);
    expect(await lastOwner.json()).toMatchObject({ error: { code: 'last_owner' } });
    const gone = await server.request('DELETE', `${base}/${member.userId}`, {
      token: server.owner.token,
    });
    expect(gone.status).toBe(404);
  });

  it('answers 404 for another workspace and 403 for agents', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const agent = await server.addAgent();
    const foreign = await server.request('GET', `/api/workspaces/${other.workspaceId}/members`, {
      token: server.owner.token,
    });
    expect(foreign.status).toBe(404);
    const byAgent = await server.request(
      'GET',
      `/api/workspaces/${server.owner.workspaceId}/members`,
      { token: agent.token },
    );
    expect(byAgent.status).toBe(403);
  });
});
