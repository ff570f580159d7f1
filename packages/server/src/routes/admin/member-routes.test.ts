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

  it('has no route that adds an existing user: people join only by accepting an invitation', async () => {
    await using server = await createTestApp();
    const ada = await server.store.users.create({ name: 'Ada', email: 'ada@example.com' });
    for (const json of [
      { email: 'ada@example.com', role: 'owner' },
      { userId: ada.id, role: 'owner' },
    ]) {
      const response = await server.request(
        'POST',
        `/api/workspaces/${server.owner.workspaceId}/members`,
        { token: server.owner.token, json },
      );
      expect(response.status).toBe(404);
    }
    expect(await server.store.members.getRole(server.owner.workspaceId, ada.id)).toBeUndefined();
  });

  it('gives an admin a link to pass on only for a weaker member of this workspace alone', async () => {
    await using server = await createTestApp();
    const path = (userId: string | undefined) =>
      `/api/workspaces/${server.owner.workspaceId}/members/${userId}/sign-in-link`;
    const admin = await server.addUser('admin');
    const member = await server.addUser('member');
    const otherAdmin = await server.addUser('admin');
    const busy = await server.addUser('viewer');
    const elsewhere = await server.store.workspaces.create({ name: 'Elsewhere' });
    await server.store.members.add({
      workspaceId: elsewhere.id,
      userId: busy.userId as string,
      role: 'owner',
    });
    const link = await server.request('POST', path(member.userId), {
      token: admin.token,
      json: { delivery: 'link' },
    });
    expect(link.status).toBe(201);
    const { url } = (await link.json()) as { url: string };
    const code = new URL(url).searchParams.get('code') as string;
    expect((await server.store.signInCodes.redeem(code)).userId).toBe(member.userId);
    for (const [target, reason] of [
      [otherAdmin.userId, 'is not weaker than the copying admin'],
      [server.owner.userId, 'instance admin'],
      [busy.userId, 'also belongs to other workspaces'],
    ] as const) {
      const refused = await server.request('POST', path(target), {
        token: admin.token,
        json: { delivery: 'link' },
      });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        error: { code: 'forbidden', message: expect.stringContaining(reason) },
      });
    }
    const byMember = await server.request('POST', path(server.owner.userId), {
      token: member.token,
      json: { delivery: 'email' },
    });
    expect(byMember.status).toBe(403);
    const noMail = await server.request('POST', path(member.userId), {
      token: admin.token,
      json: { delivery: 'email' },
    });
    expect(noMail.status).toBe(503);
    expect(await noMail.json()).toMatchObject({ error: { code: 'mail_not_configured' } });
    const [entry] = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'member.sign_in_link',
    });
    expect(entry).toMatchObject({ actor: { kind: 'user', id: admin.userId } });
  });

  it('checks a copied sign-in link again when it is used, and keeps it 15 minutes', async () => {
    await using server = await createTestApp();
    const path = (userId: string | undefined) =>
      `/api/workspaces/${server.owner.workspaceId}/members/${userId}/sign-in-link`;
    const admin = await server.addUser('admin');
    const member = await server.addUser('member');
    const copy = async () => {
      const before = Date.now();
      const response = await server.request('POST', path(member.userId), {
        token: admin.token,
        json: { delivery: 'link' },
      });
      expect(response.status).toBe(201);
      const { url, expiresAt } = (await response.json()) as { url: string; expiresAt: string };
      expect(Date.parse(expiresAt) - before).toBeGreaterThanOrEqual(15 * 60 * 1000);
      expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(15 * 60 * 1000);
      return new URL(url).searchParams.get('code') as string;
    };
    const exchange = (code: string) => server.request('POST', '/api/session', { json: { code } });
    const setRole = (userId: string | undefined, role: 'admin' | 'member') =>
      server.store.members.setRole({
        workspaceId: server.owner.workspaceId,
        userId: userId as string,
        role,
      });
    const promoted = await copy();
    const demoted = await copy();
    await setRole(member.userId, 'admin');
    const refused = await exchange(promoted);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: {
        code: 'sign_in_link_not_allowed',
        message: expect.stringContaining("the member's role (admin) is not weaker"),
      },
    });
    await setRole(member.userId, 'member');
    await setRole(admin.userId, 'member');
    expect(await (await exchange(demoted)).json()).toMatchObject({
      error: { message: expect.stringContaining('no longer an admin of the workspace') },
    });
    // The rule holds again before the link expires: the unused link works.
    await setRole(admin.userId, 'admin');
    expect((await exchange(demoted)).status).toBe(200);
    expect((await exchange(demoted)).status).toBe(410);
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
    const me = await server.request('GET', '/api/me', { token: viewer.token });
    expect(me.status).toBe(403);
    expect(await me.json()).toMatchObject({ error: { code: 'no_workspace' } });
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
