import { describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/create-test-app.ts';

type Created = { invitation: Record<string, unknown>; url: string; code: string };

async function invite(server: TestApp, email: string, role = 'member', token = server.owner.token) {
  const response = await server.request(
    'POST',
    `/api/workspaces/${server.owner.workspaceId}/invitations`,
    { token, json: { email, role, kind: 'open_link' } },
  );
  return { response, body: (await response.json()) as Created };
}

function sessionCookie(response: Response): string {
  return /^(skillset_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? '';
}

describe('invitations', () => {
  it('invite → accept: the invitee becomes a member with the role and is signed in', async () => {
    await using server = await createTestApp();
    const admin = await server.addUser('admin');
    const { response, body } = await invite(server, 'ada@example.com', 'member', admin.token);
    expect(response.status).toBe(201);
    expect(body.url).toBe(`http://localhost/invite/${body.code}`);
    expect(body.invitation).toMatchObject({
      email: 'ada@example.com',
      role: 'member',
      kind: 'open_link',
    });

    const preview = await server.request('GET', `/api/invitations/${body.code}`);
    expect(await preview.json()).toMatchObject({
      workspace: { id: server.owner.workspaceId, name: 'Default' },
      role: 'member',
      kind: 'open_link',
      status: 'pending',
    });
    const accepted = await server.request('POST', `/api/invitations/${body.code}/accept`, {
      json: { displayName: 'Ada Lovelace' },
      headers: { origin: 'http://localhost' },
    });
    expect(accepted.status).toBe(200);
    const joined = (await accepted.json()) as { user: { id: string } };
    expect(joined).toMatchObject({
      workspace: { id: server.owner.workspaceId },
      role: 'member',
      user: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    const cookie = sessionCookie(accepted);
    expect(cookie).not.toBe('');
    const me = await server.request('GET', '/api/me', { headers: { cookie } });
    expect(await me.json()).toMatchObject({
      principal: { id: joined.user.id, role: 'member', workspaceId: server.owner.workspaceId },
      user: { name: 'Ada Lovelace' },
    });
    const members = await server.request(
      'GET',
      `/api/workspaces/${server.owner.workspaceId}/members`,
      { token: server.owner.token },
    );
    expect(JSON.stringify(await members.json())).toContain('Ada Lovelace');

    const reuse = await server.request('POST', `/api/invitations/${body.code}/accept`, {
      json: { displayName: 'Mallory' },
    });
    expect(reuse.status).toBe(410);
    expect(await reuse.json()).toMatchObject({
      error: { code: 'code_used', message: expect.stringContaining('already used') },
    });
    const closedPreview = await server.request('GET', `/api/invitations/${body.code}`);
    expect(await closedPreview.json()).toMatchObject({ status: 'accepted' });

    const actions = (await server.store.audit.list({ workspaceId: server.owner.workspaceId }))
      .map((entry) => entry.action)
      .filter((action) => action.startsWith('invitation.'));
    expect(actions).toEqual(['invitation.accept', 'invitation.create']);
  });

  it('makes an open link only when asked for by name; a mailed one needs mail', async () => {
    await using server = await createTestApp();
    const response = await server.request(
      'POST',
      `/api/workspaces/${server.owner.workspaceId}/invitations`,
      { token: server.owner.token, json: { email: 'mo@example.com', role: 'member' } },
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      error: { code: 'mail_not_configured', message: expect.stringContaining('"open_link"') },
    });
    const old = await server.request(
      'POST',
      `/api/workspaces/${server.owner.workspaceId}/invitations`,
      {
        token: server.owner.token,
        json: { email: 'mo@example.com', role: 'member', delivery: 'link' },
      },
    );
    expect(old.status).toBe(400);
    expect(await server.store.invitations.list(server.owner.workspaceId)).toEqual([]);
  });

  it('answers the same whether or not the address already has an account', async () => {
    await using server = await createTestApp();
    await server.store.users.create({ name: 'Known', email: 'known@example.com' });
    const known = await invite(server, 'known@example.com');
    const unknown = await invite(server, 'unknown@example.com');
    expect(known.response.status).toBe(unknown.response.status);
    const shape = ({ invitation, url, code }: Created) => ({
      keys: Object.keys(invitation).sort(),
      invitation: { ...invitation, id: '', email: '', createdAt: '', expiresAt: '' },
      url: url.replace(code, 'CODE'),
    });
    expect(shape(known.body)).toEqual(shape(unknown.body));
    expect(
      (await server.store.members.list(server.owner.workspaceId)).map((member) => member.user.name),
    ).toEqual(['Owner']);
  });

  it('lets a signed-in person accept as themselves; an unverified claim on the address blocks nobody', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const squatter = await server.store.users.create({
      name: 'Squatter',
      email: 'someone@example.com',
    });
    const known = await invite(server, 'someone@example.com', 'viewer');
    const real = await server.request('POST', `/api/invitations/${known.body.code}/accept`, {
      json: { displayName: 'Real person' },
    });
    expect(real.status).toBe(200);
    const joined = (await real.json()) as { user: { id: string; emailVerified: boolean } };
    expect(joined.user).toMatchObject({ emailVerified: false });
    expect(joined.user.id).not.toBe(squatter.id);
    expect(sessionCookie(real)).not.toBe('');

    const again = await invite(server, 'someone@example.com', 'viewer');
    const cookie = await server.signIn(other.userId);
    const asThemselves = await server.request(
      'POST',
      `/api/invitations/${again.body.code}/accept`,
      { json: {}, headers: { cookie, origin: 'http://localhost' } },
    );
    expect(asThemselves.status).toBe(200);
    expect(sessionCookie(asThemselves)).toBe('');
    expect(
      await server.store.members.getRole(server.owner.workspaceId, other.userId as string),
    ).toBe('viewer');
    expect(
      await server.store.members.getRole(server.owner.workspaceId, squatter.id),
    ).toBeUndefined();
  });

  it('lists and revokes invitations (admin only); a revoked or expired code fails clearly', async () => {
    await using server = await createTestApp();
    const base = `/api/workspaces/${server.owner.workspaceId}/invitations`;
    const member = await server.addUser('member');
    const admin = await server.addUser('admin');
    expect((await invite(server, 'x@example.com', 'viewer', member.token)).response.status).toBe(
      403,
    );
    expect((await invite(server, 'x@example.com', 'owner', admin.token)).response.status).toBe(403);
    const { body } = await invite(server, 'bob@example.com', 'admin', admin.token);
    const list = await server.request('GET', base, { token: admin.token });
    expect(await list.json()).toMatchObject({
      invitations: [{ id: body.invitation.id, email: 'bob@example.com', status: 'pending' }],
    });
    expect((await server.request('GET', base, { token: member.token })).status).toBe(403);

    const revoke = `${base}/${body.invitation.id}`;
    expect((await server.request('DELETE', revoke, { token: member.token })).status).toBe(403);
    expect((await server.request('DELETE', revoke, { token: admin.token })).status).toBe(204);
    expect((await server.request('DELETE', revoke, { token: admin.token })).status).toBe(404);
    const accept = await server.request('POST', `/api/invitations/${body.code}/accept`, {
      json: { displayName: 'Bob' },
    });
    expect(accept.status).toBe(410);
    expect(await accept.json()).toMatchObject({ error: { code: 'code_revoked' } });
    const [entry] = await server.store.audit.list({
      workspaceId: server.owner.workspaceId,
      action: 'invitation.revoke',
    });
    expect(entry?.actor).toEqual({ kind: 'user', id: admin.userId });

    const expired = await server.store.invitations.create({
      workspaceId: server.owner.workspaceId,
      email: 'late@example.com',
      role: 'member',
      kind: 'open_link',
      ttlMs: -1,
    });
    const late = await server.request('POST', `/api/invitations/${expired.code}/accept`, {
      json: { displayName: 'Late' },
    });
    expect(await late.json()).toMatchObject({ error: { code: 'code_expired' } });
    const none = await server.request('POST', '/api/invitations/made-up/accept', {
      json: { displayName: 'Nobody' },
    });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ error: { code: 'code_not_found' } });
    const all = await server.request('GET', `${base}?includeClosed=true`, { token: admin.token });
    const statuses = ((await all.json()) as { invitations: Array<{ status: string }> }).invitations
      .map((invitation) => invitation.status)
      .sort();
    expect(statuses).toEqual(['expired', 'revoked']);
  });

  it('refuses another workspace’s invitations with 404', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const { body } = await invite(server, 'c@example.com');
    const path = `/api/workspaces/${server.owner.workspaceId}/invitations`;
    expect((await server.request('GET', path, { token: other.token })).status).toBe(404);
    expect(
      (await server.request('DELETE', `${path}/${body.invitation.id}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect(
      (
        await server.request(
          'DELETE',
          `/api/workspaces/${other.workspaceId}/invitations/${body.invitation.id}`,
          { token: other.token },
        )
      ).status,
    ).toBe(404);
  });
});
