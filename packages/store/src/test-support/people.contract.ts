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
        kind: 'open_link',
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

    it('joins a signed-in user; an unverified claim on the address never blocks a new account', async () => {
      const tenant = await createTenant(store, 'invite-existing');
      const squatter = await store.users.create({ name: 'Squatter', email: 'Known@example.com' });
      const invite = (email: string, ttlMs?: number) =>
        store.invitations.create({
          workspaceId: tenant.workspace.id,
          email,
          role: 'admin',
          kind: 'open_link',
          ...(ttlMs === undefined ? {} : { ttlMs }),
        });
      const known = await invite('known@example.com');
      const real = await store.invitations.accept({ code: known.code, displayName: 'Real' });
      expect(real).toMatchObject({ createdUser: true, user: { email: 'known@example.com' } });
      expect(real.user.id).not.toBe(squatter.id);
      expect(real.user.emailVerifiedAt).toBeNull();
      expect(await store.members.getRole(tenant.workspace.id, squatter.id)).toBeUndefined();
      const again = await invite('known@example.com');
      const joined = await store.invitations.accept({ code: again.code, userId: squatter.id });
      expect(joined).toMatchObject({ role: 'admin', createdUser: false });
      expect(await store.members.getRole(tenant.workspace.id, squatter.id)).toBe('admin');

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
        'accepted',
        'expired',
        'revoked',
      ]);
    });

    it('proves an address only through a mailed link, and a proven address is unique', async () => {
      const tenant = await createTenant(store, 'invite-mailed');
      const squatter = await store.users.create({ name: 'Squatter', email: 'mail@example.com' });
      const mailed = await store.invitations.create({
        workspaceId: tenant.workspace.id,
        email: 'Mail@example.com',
        role: 'member',
        kind: 'email',
      });
      expect(mailed.invitation.kind).toBe('email');
      const owner = await store.invitations.accept({ code: mailed.code, displayName: 'Owner' });
      expect(owner.user.id).not.toBe(squatter.id);
      expect(owner.user.emailVerifiedAt).toBeInstanceOf(Date);
      expect((await store.users.getByVerifiedEmail('MAIL@example.com'))?.id).toBe(owner.user.id);
      expect((await store.users.listByEmail('mail@example.com')).map((user) => user.id)).toEqual([
        squatter.id,
        owner.user.id,
      ]);
      await expect(store.users.verifyEmail(squatter.id, 'mail@example.com')).rejects.toMatchObject({
        code: 'email_taken',
      });
      await expect(
        store.users.create({ name: 'Twin', email: 'mail@example.com', emailVerified: true }),
      ).rejects.toMatchObject({ code: 'email_taken' });

      const other = await createTenant(store, 'invite-mailed-other');
      const second = await store.invitations.create({
        workspaceId: other.workspace.id,
        email: 'mail@example.com',
        role: 'viewer',
        kind: 'email',
      });
      const signedIn = await store.invitations.accept({ code: second.code });
      expect(signedIn).toMatchObject({ createdUser: false, user: { id: owner.user.id } });

      const pending = await store.invitations.create({
        workspaceId: tenant.workspace.id,
        email: 'mail@example.com',
        role: 'admin',
        kind: 'open_link',
      });
      expect(
        (await store.invitations.listPendingForEmail('MAIL@example.com')).map((each) => each.id),
      ).toEqual([pending.invitation.id]);
      await expect(
        store.invitations.acceptAsVerified({
          invitationId: pending.invitation.id,
          userId: squatter.id,
        }),
      ).rejects.toMatchObject({ code: 'code_not_found' });
      expect(
        await store.invitations.acceptAsVerified({
          invitationId: pending.invitation.id,
          userId: owner.user.id,
        }),
      ).toMatchObject({ role: 'admin', user: { id: owner.user.id } });
    });

    it('lets only the account that proved the address accept a mailed invitation while signed in', async () => {
      const tenant = await createTenant(store, 'invite-bound');
      const invite = () =>
        store.invitations.create({
          workspaceId: tenant.workspace.id,
          email: 'Bound@example.com',
          role: 'admin',
          kind: 'email',
        });
      const other = await store.users.create({ name: 'Other', email: 'other@example.com' });
      await store.users.verifyEmail(other.id, 'other@example.com');
      const claimant = await store.users.create({ name: 'Claimant', email: 'bound@example.com' });
      const first = await invite();
      for (const userId of [other.id, claimant.id]) {
        await expect(store.invitations.accept({ code: first.code, userId })).rejects.toMatchObject({
          code: 'invitation_not_yours',
          message: expect.stringContaining('"Bound@example.com"'),
        });
        expect(await store.members.getRole(tenant.workspace.id, userId)).toBeUndefined();
      }
      expect((await store.users.get(claimant.id))?.emailVerifiedAt).toBeNull();
      expect((await store.invitations.findByCode(first.code))?.status).toBe('pending');
      const proven = await store.users.create({
        name: 'Proven',
        email: 'bound@example.com',
        emailVerified: true,
      });
      expect(await store.invitations.accept({ code: first.code, userId: proven.id })).toMatchObject(
        { role: 'admin', user: { id: proven.id } },
      );
      const [accepted] = await store.audit.list({
        workspaceId: tenant.workspace.id,
        action: 'invitation.accept',
      });
      expect(accepted?.details).toMatchObject({ kind: 'email', userId: proven.id });
    });

    it('records who copied a sign-in code where, and returns it when the code is redeemed', async () => {
      const tenant = await createTenant(store, 'passed-on');
      const member = await store.users.create({ name: 'Member', email: 'member@example.com' });
      const passedOn = { workspaceId: tenant.workspace.id, by: tenant.user.id };
      const copied = await store.signInCodes.create({ userId: member.id, passedOn });
      expect(await store.signInCodes.redeem(copied.code)).toEqual({ userId: member.id, passedOn });
      const plain = await store.signInCodes.create({ userId: member.id });
      expect(await store.signInCodes.redeem(plain.code)).toEqual({ userId: member.id });
    });

    it('proves the address a sign-in code was mailed to, once it is redeemed', async () => {
      const user = await store.users.create({ name: 'Mailed', email: 'signin@example.com' });
      const plain = await store.signInCodes.create({ userId: user.id });
      await store.signInCodes.redeem(plain.code);
      expect((await store.users.get(user.id))?.emailVerifiedAt).toBeNull();
      const mailed = await store.signInCodes.create({
        userId: user.id,
        provesEmail: 'signin@example.com',
      });
      await store.signInCodes.redeem(mailed.code);
      expect((await store.users.get(user.id))?.emailVerifiedAt).toBeInstanceOf(Date);
    });

    it('keeps a user’s chosen default workspace, else the one they joined first', async () => {
      const first = await createTenant(store, 'default-first');
      const second = await createTenant(store, 'default-second');
      const user = first.user;
      await store.members.add({
        workspaceId: second.workspace.id,
        userId: user.id,
        role: 'viewer',
      });
      expect((await store.workspaces.defaultForUser(user.id))?.workspace.id).toBe(
        first.workspace.id,
      );
      await store.users.setDefaultWorkspace(user.id, second.workspace.id);
      expect(await store.workspaces.defaultForUser(user.id)).toMatchObject({
        workspace: { id: second.workspace.id },
        role: 'viewer',
      });
      await store.members.remove({ workspaceId: second.workspace.id, userId: user.id });
      expect((await store.workspaces.defaultForUser(user.id))?.workspace.id).toBe(
        first.workspace.id,
      );
    });

    it('ties a provider’s subject to exactly one user', async () => {
      const one = await store.users.create({ name: 'One' });
      const two = await store.users.create({ name: 'Two' });
      const issuer = 'https://id.example.com';
      expect(await store.identities.use(issuer, 'subject-1')).toBeUndefined();
      expect(await store.identities.link({ issuer, subject: 'subject-1', userId: one.id })).toBe(
        true,
      );
      expect(await store.identities.link({ issuer, subject: 'subject-1', userId: two.id })).toBe(
        false,
      );
      expect(await store.identities.use(issuer, 'subject-1', 'one@example.com')).toMatchObject({
        userId: one.id,
        email: 'one@example.com',
      });
      expect((await store.identities.listForUser(one.id)).length).toBe(1);
    });
  });
}
