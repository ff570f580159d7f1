import { describe, expect, it } from 'vitest';
import type { Store } from '../store/store.ts';
import { createTenant } from './store-fixtures.ts';

const DIGEST_A = `sha256:${'a'.repeat(64)}`;
const DIGEST_B = `sha256:${'b'.repeat(64)}`;

/** Registers the remembered-approvals part of the store contract. */
export function defineApprovalsContract(getStore: () => Store): void {
  describe('approvals', () => {
    it('keeps one digest per workspace, principal, skill and action, replaces and removes it', async () => {
      const store = getStore();
      const tenant = await createTenant(store, 'approvals');
      const other = await createTenant(store, 'approvals-other');
      const key = {
        workspaceId: tenant.workspace.id,
        principal: `user:${tenant.user.id}`,
        skill: 'haiku',
        action: 'use',
      };
      expect(await store.approvals.find(key)).toBeUndefined();
      await store.approvals.save(key, DIGEST_A);
      expect(await store.approvals.find(key)).toBe(DIGEST_A);
      await store.approvals.save(key, DIGEST_B);
      expect(await store.approvals.find(key)).toBe(DIGEST_B);

      // Another principal, action, skill or workspace has none.
      expect(
        await store.approvals.find({ ...key, principal: 'user:someone-else' }),
      ).toBeUndefined();
      expect(await store.approvals.find({ ...key, action: 'run:scripts/a.py' })).toBeUndefined();
      expect(await store.approvals.find({ ...key, skill: 'other' })).toBeUndefined();
      expect(
        await store.approvals.find({ ...key, workspaceId: other.workspace.id }),
      ).toBeUndefined();

      await store.approvals.remove(key);
      expect(await store.approvals.find(key)).toBeUndefined();
      await store.approvals.remove(key);
    });

    it('forgets a workspace’s approvals with the workspace', async () => {
      const store = getStore();
      const tenant = await createTenant(store, 'approvals-gone');
      const key = {
        workspaceId: tenant.workspace.id,
        principal: `user:${tenant.user.id}`,
        skill: 'haiku',
        action: 'use',
      };
      await store.approvals.save(key, DIGEST_A);
      await store.workspaces.delete(tenant.workspace.id);
      expect(await store.approvals.find(key)).toBeUndefined();
    });
  });
}
