import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-support/create-test-app.ts';

interface CreatedToken {
  token: string;
  info: { id: string; prefix: string; kind: string };
}

describe('token routes', () => {
  it('shows the plaintext once on create and never in a listing', async () => {
    await using server = await createTestApp();
    const member = await server.addUser('member');
    const created = await server.request('POST', '/api/tokens', {
      token: member.token,
      json: { name: 'laptop' },
    });
    expect(created.status).toBe(201);
    const { token, info } = (await created.json()) as CreatedToken;
    expect(token).toMatch(/^sks_/);
    expect(info).toMatchObject({ kind: 'user', principalId: member.userId, revokedAt: null });
    expect(token.startsWith(info.prefix)).toBe(true);
    const listing = await server.request('GET', '/api/tokens', { token: member.token });
    const text = await listing.text();
    expect(text).toContain(info.id);
    expect(text).not.toContain(token);
    expect(text).not.toContain(member.token);
    const me = await server.request('GET', '/api/me', { token });
    expect(await me.json()).toMatchObject({ principal: { id: member.userId } });
  });

  it('revokes a token, which then answers 401, and a second revoke answers 404', async () => {
    await using server = await createTestApp();
    const created = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'ci' },
    });
    const { token, info } = (await created.json()) as CreatedToken;
    const revoked = await server.request('DELETE', `/api/tokens/${info.id}`, {
      token: server.owner.token,
    });
    expect(revoked.status).toBe(204);
    const refused = await server.request('GET', '/api/me', { token });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } });
    const again = await server.request('DELETE', `/api/tokens/${info.id}`, {
      token: server.owner.token,
    });
    expect(again.status).toBe(404);
    const withRevoked = await server.request('GET', '/api/tokens?includeRevoked=true', {
      token: server.owner.token,
    });
    const { tokens } = (await withRevoked.json()) as { tokens: Array<{ id: string }> };
    expect(tokens.map((listed) => listed.id)).toContain(info.id);
    const [entry] = await server.store.audit.list({ workspaceId: null, action: 'token.revoke' });
    expect(entry?.actor).toEqual({ kind: 'user', id: server.owner.userId });
  });

  it('creates agent tokens for admins only, and admins see them listed', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent({ name: 'bot' });
    const member = await server.addUser('member');
    const byMember = await server.request('POST', '/api/tokens', {
      token: member.token,
      json: { name: 'bot key', agentId: agent.agentId },
    });
    expect(byMember.status).toBe(403);
    const admin = await server.addUser('admin');
    const created = await server.request('POST', '/api/tokens', {
      token: admin.token,
      json: { name: 'bot key', agentId: agent.agentId },
    });
    expect(created.status).toBe(201);
    const { token, info } = (await created.json()) as CreatedToken;
    expect(info.kind).toBe('agent');
    const me = await server.request('GET', '/api/me', { token });
    expect(await me.json()).toMatchObject({ principal: { kind: 'agent', id: agent.agentId } });
    const adminList = (await (
      await server.request('GET', '/api/tokens', { token: admin.token })
    ).json()) as { tokens: Array<{ id: string }> };
    expect(adminList.tokens.map((listed) => listed.id)).toContain(info.id);
    const memberList = (await (
      await server.request('GET', '/api/tokens', { token: member.token })
    ).json()) as { tokens: Array<{ kind: string }> };
    expect(memberList.tokens.every((listed) => listed.kind === 'user')).toBe(true);
    const revokeByMember = await server.request('DELETE', `/api/tokens/${info.id}`, {
      token: member.token,
    });
    expect(revokeByMember.status).toBe(403);
  });

  it('answers 404 for another user’s token, an unknown agent, and another workspace’s agent', async () => {
    await using server = await createTestApp();
    const member = await server.addUser('member');
    const ownerTokens = await server.store.tokens.list({ principalId: server.owner.userId });
    const ownerTokenId = ownerTokens[0]?.id as string;
    const foreignUser = await server.request('DELETE', `/api/tokens/${ownerTokenId}`, {
      token: member.token,
    });
    expect(foreignUser.status).toBe(404);
    const other = await server.addWorkspace('Other');
    const foreignAgent = await server.addAgent({ workspaceId: other.workspaceId });
    for (const agentId of ['no-such-agent', foreignAgent.agentId]) {
      const response = await server.request('POST', '/api/tokens', {
        token: server.owner.token,
        json: { name: 'x', agentId },
      });
      expect(response.status).toBe(404);
    }
  });

  it('limits a workspace-only token to its workspace and rejects past expiry dates', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    await server.store.members.add({
      workspaceId: other.workspaceId,
      userId: server.owner.userId as string,
      role: 'owner',
    });
    const created = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'scoped', workspaceOnly: true },
    });
    const { token } = (await created.json()) as CreatedToken;
    const elsewhere = await server.request('GET', `/api/workspaces/${other.workspaceId}`, {
      token,
    });
    expect(elsewhere.status).toBe(404);
    const viaHeader = await server.request('GET', '/api/agents', {
      token,
      headers: { 'skillset-workspace': other.workspaceId },
    });
    expect(viaHeader.status).toBe(404);
    const past = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'old', expiresAt: '2000-01-01T00:00:00Z' },
    });
    expect(past.status).toBe(400);
  });

  it('refuses agent tokens with 403', async () => {
    await using server = await createTestApp();
    const agent = await server.addAgent();
    const list = await server.request('GET', '/api/tokens', { token: agent.token });
    const create = await server.request('POST', '/api/tokens', {
      token: agent.token,
      json: { name: 'more' },
    });
    expect([list.status, create.status]).toEqual([403, 403]);
  });
});
