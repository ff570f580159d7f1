import { describe, expect, it } from 'vitest';
import { createRuntimeTestApp, skillText } from '../../test-support/create-runtime-test-app.ts';

describe('GET /api/usage', () => {
  it('counts invocations per skill, day and trigger', async () => {
    await using server = await createRuntimeTestApp();
    await server.addSkill(skillText('notes'));
    for (let index = 0; index < 2; index += 1) {
      const invoked = await server.request('POST', '/api/skills/invoke', {
        token: server.owner.token,
        json: { message: '/notes' },
      });
      expect(((await invoked.json()) as { activations: unknown[] }).activations).toHaveLength(1);
    }
    const response = await server.request('GET', '/api/usage?skill=notes', {
      token: server.owner.token,
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      counts: Array<{ skill: string; day: string; trigger: string; count: number }>;
    };
    expect(body.counts).toEqual([
      { skill: 'notes', day: new Date().toISOString().slice(0, 10), trigger: 'user', count: 2 },
    ]);
  });

  it('refuses bad dates, reversed ranges and agent tokens', async () => {
    await using server = await createRuntimeTestApp();
    const agent = await server.addAgent();
    const bad = await server.request('GET', '/api/usage?from=yesterday', {
      token: server.owner.token,
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: 'invalid_request' } });
    const reversed = await server.request('GET', '/api/usage?from=2025-02-01&to=2025-01-01', {
      token: server.owner.token,
    });
    expect(reversed.status).toBe(400);
    expect((await server.request('GET', '/api/usage', { token: agent.token })).status).toBe(403);
  });
});

describe('GET /api/audit', () => {
  it('pages the workspace’s audit log for admins and refuses members', async () => {
    await using server = await createRuntimeTestApp();
    const member = await server.addUser('member');
    for (const name of ['one', 'two', 'three']) await server.addAgent({ name });
    const first = await server.request('GET', '/api/audit?limit=2', { token: server.owner.token });
    expect(first.status).toBe(200);
    const page = (await first.json()) as {
      entries: Array<{ id: number; action: string }>;
      nextBefore?: number;
    };
    expect(page.entries).toHaveLength(2);
    expect(page.entries.map((entry) => entry.action)).toContain('agent.create');
    expect(page.nextBefore).toBe(page.entries[1]?.id);
    const next = await server.request('GET', `/api/audit?limit=2&before=${page.nextBefore}`, {
      token: server.owner.token,
    });
    const rest = (await next.json()) as { entries: Array<{ id: number }> };
    expect(rest.entries[0]?.id).toBeLessThan(page.nextBefore as number);
    expect((await server.request('GET', '/api/audit', { token: member.token })).status).toBe(403);
    expect(
      (await server.request('GET', '/api/audit?limit=0', { token: server.owner.token })).status,
    ).toBe(400);
  });
});
