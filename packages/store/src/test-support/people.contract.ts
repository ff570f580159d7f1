import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../database/store-database.ts';
import type { Store } from '../store/store.ts';
import { createTenant } from './store-fixtures.ts';

/** Registers the sessions, sign-in codes and invitations part of the store contract. */
export function definePeopleContract(getStore: () => Store): void {
  describe('sessions, sign-in codes and invitations', () => {
    let store: Store;
    beforeAll(() => {
      store = getStore();
    });

    it('stores sessions hashed, authenticates them, and stops after revocation or expiry', async () => {
      const tenant = await createTenant(store, 'sessions');
      const { secret, session } = await store.sessions.create({ userId: tenant.user.id });
      const stored = await queryRows<Record<string, unknown>>(
        store.database,
        sql`select * from sessions where id = ${session.id}`,
      );
      expect(JSON.stringify(stored)).not.toContain(secret);
      expect(await store.sessions.authenticate(secret)).toEqual({
        sessionId: session.id,
        userId: tenant.user.id,
        instanceAdmin: false,
      });
      expect(await store.sessions.authenticate(`${secret}x`)).toBeUndefined();
      expect(await store.sessions.revoke(session.id)).toBe(true);
      expect(await store.sessions.revoke(session.id)).toBe(false);
      expect(await store.sessions.authenticate(secret)).toBeUndefined();

      const short = await store.sessions.create({ userId: tenant.user.id, ttlMs: -1000 });
      expect(await store.sessions.authenticate(short.secret)).toBeUndefined();
      const [first, second] = await Promise.all([
        store.sessions.create({ userId: tenant.user.id }),
        store.sessions.create({ userId: tenant.user.id }),
      ]);
      expect(await store.sessions.revokeForUser(tenant.user.id)).toBe(2);
      expect(await store.sessions.authenticate(first.secret)).toBeUndefined();
      expect(await store.sessions.authenticate(second.secret)).toBeUndefined();
    });

    it('redeems a sign-in code exactly once, and never an expired one', async () => {
      const tenant = await createTenant(store, 'codes');
      const { code } = await store.signInCodes.create({ userId: tenant.user.id });
      const stored = await queryRows<Record<string, unknown>>(
        store.database,
        sql`select * from sign_in_codes where user_id = ${tenant.user.id}`,
      );
      expect(JSON.stringify(stored)).not.toContain(code);
      const results = await Promise.allSettled([
        store.signInCodes.redeem(code),
        store.signInCodes.redeem(code),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled')).toEqual([
        { status: 'fulfilled', value: { userId: tenant.user.id } },
      ]);
      await expect(store.signInCodes.redeem(code)).rejects.toMatchObject({ code: 'code_used' });
      await expect(store.signInCodes.redeem('not-a-code')).rejects.toMatchObject({
        code: 'code_not_found',
      });
      const expired = await store.signInCodes.create({ userId: tenant.user.id, ttlMs: -1 });
      await expect(store.signInCodes.redeem(expired.code)).rejects.toMatchObject({
        code: 'code_expired',
        message: expect.stringContaining('has expired'),
      });
    });

    it('accepts an invitation once: a new account joins with the role, audited', async () => {
      const tenant = await createTenant(store, 'invite');
      const actor = { kind: 'user', id: tenant.user.id } as const;
      const { code, invitation } = await store.invitations.create({
        workspaceId: tenant.workspace.id,
        email: 'new.person@example.com',
        role: 'member',
        actor,
      });
      expect(invitation).toMatchObject({ status: 'pending', invitedBy: tenant.user.id });
      expect(JSON.stringify(await store.invitations.list(tenant.workspace.id))).not.toContain(code);
      await expect(store.invitations.accept({ code, displayName: '  ' })).rejects.toMatchObject({
        code: 'invalid_display_name',
      });
      const accepted = await store.invitations.accept({ code, displayName: 'New Person' });
      expect(accepted).toMatchObject({
        role: 'member',
        createdUser: true,
        user: { name: 'New Person', email: 'new.person@example.com' },
        invitation: { status: 'accepted' },
      });
      expect(await store.members.getRole(tenant.workspace.id, accepted.user.id)).toBe('member');
      await expect(store.invitations.accept({ code, displayName: 'Again' })).rejects.toMatchObject({
        code: 'code_used',
      });
      expect(await store.invitations.list(tenant.workspace.id)).toEqual([]);
      const actions = (await store.audit.list({ workspaceId: tenant.workspace.id })).map(
        (entry) => entry.action,
      );
      expect(actions.slice(0, 3)).toEqual(['invitation.accept', 'member.add', 'invitation.create']);
    });

    it('joins a signed-in user, refuses an existing address without one, revokes and expires', async () => {
      const tenant = await createTenant(store, 'invite-existing');
      const existing = await store.users.create({ name: 'Existing', email: 'Known@example.com' });
      const invite = (email: string, ttlMs?: number) =>
        store.invitations.create({
          workspaceId: tenant.workspace.id,
          email,
          role: 'admin',
          ...(ttlMs === undefined ? {} : { ttlMs }),
        });
      const known = await invite('known@example.com');
      await expect(
        store.invitations.accept({ code: known.code, displayName: 'Impostor' }),
      ).rejects.toMatchObject({ code: 'email_taken' });
      expect(await store.members.getRole(tenant.workspace.id, existing.id)).toBeUndefined();
      const joined = await store.invitations.accept({ code: known.code, userId: existing.id });
      expect(joined).toMatchObject({ role: 'admin', createdUser: false });
      expect(await store.members.getRole(tenant.workspace.id, existing.id)).toBe('admin');

      const owner = await invite('owner@example.com');
      expect(
        await store.invitations.accept({ code: owner.code, userId: tenant.user.id }),
      ).toMatchObject({ role: 'owner' });

      const revoked = await invite('revoked@example.com');
      const other = await createTenant(store, 'invite-other');
      expect(
        await store.invitations.revoke({
          workspaceId: other.workspace.id,
          id: revoked.invitation.id,
        }),
      ).toBe(false);
      expect(
        await store.invitations.revoke({
          workspaceId: tenant.workspace.id,
          id: revoked.invitation.id,
        }),
      ).toBe(true);
      await expect(
        store.invitations.accept({ code: revoked.code, displayName: 'Late' }),
      ).rejects.toMatchObject({ code: 'code_revoked' });
      const expired = await invite('expired@example.com', -1);
      await expect(
        store.invitations.accept({ code: expired.code, displayName: 'Late' }),
      ).rejects.toMatchObject({ code: 'code_expired' });
      expect((await store.invitations.findByCode(expired.code))?.status).toBe('expired');
      const all = await store.invitations.list(tenant.workspace.id, { includeClosed: true });
      expect(all.map((entry) => entry.status).sort()).toEqual([
        'accepted',
        'accepted',
        'expired',
        'revoked',
      ]);
    });
  });
}
