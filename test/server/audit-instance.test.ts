import { createTestApp } from '@skillset/server/test';
import { describe, expect, it } from 'vitest';
import { skillText } from './skills-test-support.ts';

interface AuditPage {
  entries: Array<{
    workspaceId: string | null;
    action: string;
    actor: { kind: string; id: string } | null;
    target: { kind: string; id: string } | null;
  }>;
  nextBefore?: number;
}

describe('GET /api/audit?scope=instance', () => {
  it('shows instance admins the token, public-skill and workspace-deletion entries', async () => {
    await using server = await createTestApp();
    const created = await server.request('POST', '/api/tokens', {
      token: server.owner.token,
      json: { name: 'ci' },
    });
    expect(created.status).toBe(201);
    const tokenId = ((await created.json()) as { info: { id: string } }).info.id;
    expect(
      (await server.request('DELETE', `/api/tokens/${tokenId}`, { token: server.owner.token }))
        .status,
    ).toBe(204);
    const shared = await server.request('POST', '/api/skills', {
      token: server.owner.token,
      json: { content: skillText('shared'), scope: 'public' },
    });
    expect(shared.status).toBe(201);
    const other = await server.addWorkspace('Doomed');
    expect(
      (
        await server.request('DELETE', `/api/workspaces/${other.workspaceId}`, {
          token: other.token,
        })
      ).status,
    ).toBe(204);

    const response = await server.request('GET', '/api/audit?scope=instance', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as AuditPage;
    expect(page.entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['token.create', 'token.revoke', 'skill.create', 'workspace.delete']),
    );
    expect(page.entries.every((entry) => entry.workspaceId === null)).toBe(true);
    const deletion = page.entries.find((entry) => entry.action === 'workspace.delete');
    expect(deletion).toMatchObject({
      actor: { kind: 'user', id: other.userId },
      target: { kind: 'workspace', id: other.workspaceId },
    });

    // The deleted workspace's own trail is still there, for instance admins.
    const trail = await server.request(
      'GET',
      `/api/audit?scope=instance&workspaceId=${other.workspaceId}`,
      { token: server.owner.token },
    );
    expect(trail.status).toBe(200);
    const kept = (await trail.json()) as AuditPage;
    expect(kept.entries.length).toBeGreaterThan(0);
    expect(kept.entries.every((entry) => entry.workspaceId === other.workspaceId)).toBe(true);
  });

  it('pages instance entries with before and limit', async () => {
    await using server = await createTestApp();
    for (const name of ['a', 'b', 'c']) {
      await server.request('POST', '/api/tokens', { token: server.owner.token, json: { name } });
    }
    const first = (await (
      await server.request('GET', '/api/audit?scope=instance&limit=2', {
        token: server.owner.token,
      })
    ).json()) as AuditPage;
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBeDefined();
    const second = (await (
      await server.request('GET', `/api/audit?scope=instance&limit=2&before=${first.nextBefore}`, {
        token: server.owner.token,
      })
    ).json()) as AuditPage;
    expect(second.entries.length).toBeGreaterThan(0);
  });

  it('refuses workspace owners who are not instance admins, agents, and workspaceId without scope', async () => {
    await using server = await createTestApp();
    const other = await server.addWorkspace('Other');
    const agent = await server.addAgent();
    for (const token of [other.token, agent.token]) {
      const response = await server.request('GET', '/api/audit?scope=instance', { token });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ error: { code: 'forbidden' } });
    }
    const deleted = await server.request(
      'GET',
      `/api/audit?scope=instance&workspaceId=${server.owner.workspaceId}`,
      { token: other.token },
    );
    expect(deleted.status).toBe(403);
    const mixed = await server.request('GET', `/api/audit?workspaceId=${other.workspaceId}`, {
      token: server.owner.token,
    });
    expect(mixed.status).toBe(400);
    expect(await mixed.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const unauthenticated = await server.request('GET', '/api/audit?scope=instance');
    expect(unauthenticated.status).toBe(401);
  });
});
