import { ensureInstanceOwner } from '@skillset/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Instance, startTwoInstances, type TwoInstances } from '../support/two-instances.ts';

// Access changes made through one instance take effect on another at once: the change feed
// (LISTEN/NOTIFY) drops B's cached tokens and policies; nothing here waits for a cache to expire.

const adminUrl = process.env.DATABASE_URL;

const skillMd = (name: string) =>
  `---\nname: ${name}\ndescription: Written through instance A.\n---\n\nBody of ${name}.\n`;

describe.runIf(adminUrl !== undefined)(
  'access changes across two instances on one PostgreSQL',
  () => {
    let pair: TwoInstances | undefined;
    let a: Instance;
    let b: Instance;
    let ownerToken: string;
    let workspaceId: string;

    const call = (
      instance: Instance,
      method: string,
      path: string,
      token: string,
      json?: unknown,
    ) =>
      instance.app.request(path, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
      });

    const promptOnB = async (token: string) => {
      const response = await call(b, 'GET', '/api/skills/prompt', token);
      return {
        status: response.status,
        text: response.status === 200 ? ((await response.json()) as { text: string }).text : '',
      };
    };

    beforeAll(async () => {
      // A long cache: only the change feed can make B see A's changes within these tests.
      pair = await startTwoInstances({ adminUrl: adminUrl as string, cacheTtlMs: 60_000 });
      ({ a, b } = pair);
      const owner = await ensureInstanceOwner(a.store);
      if (!owner.created) throw new Error('expected a fresh database');
      ownerToken = owner.token;
      workspaceId = owner.workspace.id;
    });

    afterAll(async () => {
      await pair?.close();
    });

    it('refuses on B a token revoked on A, on B’s very next request', async () => {
      for (let round = 0; round < 10; round += 1) {
        const created = await call(a, 'POST', '/api/tokens', ownerToken, {
          name: `laptop ${round}`,
        });
        expect(created.status).toBe(201);
        const { token, info } = (await created.json()) as { token: string; info: { id: string } };
        expect((await promptOnB(token)).status).toBe(200);
        expect((await promptOnB(token)).status).toBe(200);

        const revoked = await call(a, 'DELETE', `/api/tokens/${info.id}`, ownerToken);
        expect(revoked.status).toBe(204);
        const after = await call(b, 'GET', '/api/skills/prompt', token);
        expect(after.status).toBe(401);
        expect(((await after.json()) as { error: { code: string } }).error.code).toBe(
          'unauthorized',
        );
      }
    });

    it('hides on B’s next request a skill denied on A', async () => {
      const created = await call(a, 'POST', '/api/skills', ownerToken, {
        content: skillMd('deploy-prod'),
      });
      expect(created.status).toBe(201);
      expect((await promptOnB(ownerToken)).text).toContain('deploy-prod');
      expect((await promptOnB(ownerToken)).text).toContain('deploy-prod');

      const rule = await call(a, 'POST', '/api/permissions', ownerToken, {
        skill: 'deploy-prod',
        action: 'deny',
      });
      expect(rule.status).toBe(201);
      expect((await promptOnB(ownerToken)).text).not.toContain('deploy-prod');

      const { id } = (await rule.json()) as { id: string };
      expect((await call(a, 'DELETE', `/api/permissions/${id}`, ownerToken)).status).toBe(204);
      expect((await promptOnB(ownerToken)).text).toContain('deploy-prod');
    });

    it('applies on B’s next request a member removed on A', async () => {
      const user = await a.store.users.create({ name: 'Mia', email: 'mia@example.com' });
      await a.store.members.add({ workspaceId, userId: user.id, role: 'member' });
      const { token } = await a.store.tokens.create({
        name: 'mia',
        principal: { kind: 'user', userId: user.id },
      });
      expect((await promptOnB(token)).status).toBe(200);
      expect((await promptOnB(token)).status).toBe(200);

      const { secret } = await a.store.sessions.create({ userId: user.id });
      const withCookie = () =>
        b.app.request('/api/skills/prompt', { headers: { cookie: `skillset_session=${secret}` } });
      expect((await withCookie()).status).toBe(200);
      expect((await withCookie()).status).toBe(200);

      const removed = await call(
        a,
        'DELETE',
        `/api/workspaces/${workspaceId}/members/${user.id}`,
        ownerToken,
      );
      expect(removed.status).toBe(204);
      expect((await withCookie()).status).toBe(403);
      expect((await promptOnB(token)).status).toBe(403);
    });

    it('refuses on B a session revoked on A', async () => {
      const user = await a.store.users.create({ name: 'Noa', email: 'noa@example.com' });
      await a.store.members.add({ workspaceId, userId: user.id, role: 'member' });
      const { secret, session } = await a.store.sessions.create({ userId: user.id });
      const withCookie = () =>
        b.app.request('/api/skills/prompt', { headers: { cookie: `skillset_session=${secret}` } });
      expect((await withCookie()).status).toBe(200);
      expect(await a.store.sessions.revoke(session.id)).toBe(true);
      expect((await withCookie()).status).toBe(401);
    });
  },
);
