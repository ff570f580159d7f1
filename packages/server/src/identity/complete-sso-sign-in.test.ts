import type { Store } from '@skillset/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SsoConfig } from '../config/identity-config.ts';
import { openTestStore } from '../test-support/create-test-app.ts';
import { completeSsoSignIn } from './complete-sso-sign-in.ts';
import type { SsoClaims } from './sso-client.ts';

let store: Store;
let workspaceId: string;
const issuer = 'https://id.example.com';

beforeAll(async () => {
  store = await openTestStore();
  workspaceId = (await store.workspaces.create({ name: 'Team', slug: 'team' })).id;
});
afterAll(() => store.close());

const config = (overrides: Partial<SsoConfig> = {}): SsoConfig => ({
  issuer,
  clientId: 'skillset',
  allowedDomains: [],
  role: 'member',
  label: 'Example ID',
  ...overrides,
});
const claims = (subject: string, email: string, emailVerified = true): SsoClaims => ({
  issuer,
  subject,
  email,
  emailVerified,
  name: `Person ${subject}`,
});

describe('completeSsoSignIn', () => {
  it('refuses an unverified address and one outside the allowed domains, writing nothing', async () => {
    await expect(
      completeSsoSignIn({ store, config: config(), claims: claims('s0', 'a@example.com', false) }),
    ).rejects.toMatchObject({ code: 'sso_refused' });
    await expect(
      completeSsoSignIn({
        store,
        config: config({ allowedDomains: ['corp.example'] }),
        claims: claims('s0', 'a@example.com'),
      }),
    ).rejects.toMatchObject({
      code: 'sso_refused',
      message: expect.stringContaining('corp.example'),
    });
    expect(await store.users.listByEmail('a@example.com')).toEqual([]);
  });

  it('creates a verified account that joins the configured workspace, then finds it by subject', async () => {
    const first = await completeSsoSignIn({
      store,
      config: config({ workspace: 'team' }),
      claims: claims('s1', 'new@example.com'),
    });
    expect(first.createdUser).toBe(true);
    expect((await store.users.get(first.userId))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(await store.members.getRole(workspaceId, first.userId)).toBe('member');
    await store.members.remove({ workspaceId, userId: first.userId });
    const again = await completeSsoSignIn({
      store,
      config: config({ workspace: 'team' }),
      claims: claims('s1', 'new@example.com'),
    });
    expect(again).toEqual({ userId: first.userId, createdUser: false });
    expect(await store.members.getRole(workspaceId, first.userId)).toBeUndefined();
  });

  it('links to the account that proved the address, never to an unverified claim', async () => {
    const squatter = await store.users.create({ name: 'Squatter', email: 'owner@example.com' });
    const proven = await store.users.create({
      name: 'Owner',
      email: 'owner@example.com',
      emailVerified: true,
    });
    const signIn = await completeSsoSignIn({
      store,
      config: config(),
      claims: claims('s2', 'owner@example.com'),
    });
    expect(signIn).toEqual({ userId: proven.id, createdUser: false });
    expect(signIn.userId).not.toBe(squatter.id);
  });

  it('ties a new identity to the signed-in account only when the address is the same', async () => {
    const member = await store.users.create({ name: 'Member', email: 'member@example.com' });
    const other = await completeSsoSignIn({
      store,
      config: config(),
      claims: claims('s3', 'someone-else@example.com'),
      signedInUserId: member.id,
    });
    expect(other.userId).not.toBe(member.id);
    const same = await completeSsoSignIn({
      store,
      config: config(),
      claims: claims('s4', 'Member@example.com'),
      signedInUserId: member.id,
    });
    expect(same).toEqual({ userId: member.id, createdUser: false });
    expect((await store.users.get(member.id))?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});
