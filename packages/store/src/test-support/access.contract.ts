import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../database/store-database.ts';
import type { Store } from '../store/store.ts';
import { createTenant } from './store-fixtures.ts';

/** Registers the tokens, roles and membership part of the store contract. */
export function defineAccessContract(getStore: () => Store): void {
  describe('tokens and roles', () => {
    let store: Store;
    beforeAll(() => {
      store = getStore();
    });

    it('stores only a hash, authenticates with the role, and stops after revocation', async () => {
      const tenant = await createTenant(store, 'tokens');
      const { token, info } = await store.tokens.create({
        name: 'laptop',
        principal: { kind: 'user', userId: tenant.user.id },
      });
      expect(token.startsWith('sks_')).toBe(true);
      expect(info.prefix).toBe(token.slice(0, 12));
      const stored = await queryRows<Record<string, unknown>>(
        store.database,
        sql`select * from tokens where id = ${info.id}`,
      );
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(await store.tokens.authenticate(token, { workspaceId: tenant.workspace.id })).toEqual({
        kind: 'user',
        tokenId: info.id,
        userId: tenant.user.id,
        instanceAdmin: false,
        workspaceId: tenant.workspace.id,
        role: 'owner',
      });
      expect(await store.tokens.authenticate(`${token}x`)).toBeUndefined();
      expect((await store.tokens.get(info.id))?.lastUsedAt).toBeInstanceOf(Date);
      const listed = await store.tokens.list({ principalId: tenant.user.id });
      expect(listed.map((entry) => entry.id)).toEqual([info.id]);
      expect(JSON.stringify(listed)).not.toContain(token);
      expect(await store.tokens.revoke({ id: info.id })).toBe(true);
      expect(await store.tokens.revoke({ id: info.id })).toBe(false);
      expect(await store.tokens.authenticate(token)).toBeUndefined();
      expect(await store.tokens.list({ principalId: tenant.user.id })).toEqual([]);
    });

    it('authenticates agent tokens as principals of their workspace only', async () => {
      const tenant = await createTenant(store, 'agent-token');
      const other = await createTenant(store, 'agent-other');
      const agent = await store.agents.create({
        workspaceId: tenant.workspace.id,
        name: 'helper',
        actsForUserId: tenant.user.id,
      });
      const { token } = await store.tokens.create({
        name: 'agent',
        principal: { kind: 'agent', agentId: agent.id, workspaceId: tenant.workspace.id },
      });
      expect(await store.tokens.authenticate(token)).toMatchObject({
        kind: 'agent',
        agentId: agent.id,
        workspaceId: tenant.workspace.id,
        actsForUserId: tenant.user.id,
      });
      expect(
        await store.tokens.authenticate(token, { workspaceId: other.workspace.id }),
      ).toBeUndefined();
      await expect(
        store.tokens.create({
          name: 'cross',
          principal: { kind: 'agent', agentId: agent.id, workspaceId: other.workspace.id },
        }),
      ).rejects.toMatchObject({ code: 'agent_not_found' });
      expect(
        await store.tokens.revoke({
          id: (await store.tokens.list({ principalId: agent.id }))[0]?.id as string,
          workspaceId: other.workspace.id,
        }),
      ).toBe(false);
      await store.agents.delete({ workspaceId: tenant.workspace.id, id: agent.id });
      expect(await store.tokens.authenticate(token)).toBeUndefined();
    });

    it('keeps roles per workspace and always one owner', async () => {
      const tenant = await createTenant(store, 'roles');
      const viewer = await store.users.create({ name: 'viewer' });
      await store.members.add({
        workspaceId: tenant.workspace.id,
        userId: viewer.id,
        role: 'viewer',
      });
      expect(await store.members.getRole(tenant.workspace.id, viewer.id)).toBe('viewer');
      expect((await store.members.list(tenant.workspace.id)).map((member) => member.role)).toEqual([
        'owner',
        'viewer',
      ]);
      await expect(
        store.members.setRole({
          workspaceId: tenant.workspace.id,
          userId: tenant.user.id,
          role: 'admin',
        }),
      ).rejects.toMatchObject({ code: 'last_owner' });
      await expect(
        store.members.remove({ workspaceId: tenant.workspace.id, userId: tenant.user.id }),
      ).rejects.toMatchObject({ code: 'last_owner' });
      expect(
        await store.members.setRole({
          workspaceId: tenant.workspace.id,
          userId: viewer.id,
          role: 'owner',
        }),
      ).toBe(true);
      expect(
        await store.members.setRole({
          workspaceId: tenant.workspace.id,
          userId: tenant.user.id,
          role: 'member',
        }),
      ).toBe(true);
      expect(
        await store.members.remove({ workspaceId: tenant.workspace.id, userId: tenant.user.id }),
      ).toBe(true);
      expect(await store.members.getRole(tenant.workspace.id, tenant.user.id)).toBeUndefined();
      const memberships = await store.workspaces.listForUser(viewer.id);
      expect(memberships.map((membership) => [membership.workspace.id, membership.role])).toEqual([
        [tenant.workspace.id, 'owner'],
      ]);
    });
  });
}
