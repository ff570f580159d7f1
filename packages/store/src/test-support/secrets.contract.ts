import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../database/store-database.ts';
import { parseSecretKey, type SecretKey } from '../secrets/secret-key.ts';
import { createStoreRepositories } from '../store/create-store-repositories.ts';
import type { Store } from '../store/store.ts';
import { createTenant, createWorkspaceSkill } from './store-fixtures.ts';

/** Opens a migrated store with a secret key, on the contract's implementation. */
export type OpenKeyedStore = (secretKey: SecretKey) => Promise<Store>;

const newKey = () => parseSecretKey(randomBytes(32).toString('base64'));

/** A revision no approval names, for a skill that does not exist. */
const NO_REVISION = { skillId: 'none', version: 0, digest: 'sha256:none' };

/** Registers the secrets part of the store contract. */
export function defineSecretsContract(openKeyed: OpenKeyedStore): void {
  describe('secrets', () => {
    const key = newKey();
    let store: Store;
    beforeAll(async () => {
      store = await openKeyed(key);
    });
    afterAll(async () => {
      await store?.close();
    });
    /** The revision a secret bound to `skill` would reach now in the workspace. */
    const revisionOf = async (workspaceId: string, skill: string) =>
      (await store.secrets.revisionOf(workspaceId, skill)) ?? NO_REVISION;
    /** The values given to the current revision of `skillName` (the withheld ones left out). */
    const valuesOf = async (
      workspaceId: string,
      skillName: string,
      names: string[],
      from: Store['secrets'] = store.secrets,
    ) =>
      (
        await from.valuesFor({
          workspaceId,
          skillName,
          names,
          revision: await revisionOf(workspaceId, skillName),
        })
      ).values;

    it('sets, lists, replaces and rebinds a secret, never returning or auditing its value', async () => {
      const tenant = await createTenant(store, 'secrets');
      const workspaceId = tenant.workspace.id;
      const actor = { kind: 'user' as const, id: tenant.user.id };
      expect(store.secrets.configured).toBe(true);
      const first = await store.secrets.set({
        workspaceId,
        name: 'GITHUB_TOKEN',
        value: 'ghp_first-value',
        skills: ['Release-Notes', 'pdf', 'release-notes'],
        actor,
      });
      expect(first).toMatchObject({ created: true, valueChanged: true });
      expect(first.secret).toEqual({
        name: 'GITHUB_TOKEN',
        skills: ['release-notes', 'pdf'],
        bindings: [
          { skill: 'release-notes', approved: false },
          { skill: 'pdf', approved: false },
        ],
        createdBy: tenant.user.id,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
      });
      const replaced = await store.secrets.set({
        workspaceId,
        name: 'GITHUB_TOKEN',
        value: 'ghp_second-value',
        skills: ['release-notes'],
        actor,
      });
      expect(replaced).toMatchObject({ created: false, valueChanged: true });
      const deploy = await createWorkspaceSkill(store, workspaceId, 'deploy-app');
      const rebound = await store.secrets.set({
        workspaceId,
        name: 'GITHUB_TOKEN',
        skills: ['deploy-app'],
        actor,
      });
      expect(rebound).toMatchObject({ created: false, valueChanged: false });
      expect(rebound.secret.skills).toEqual(['deploy-app']);
      expect(rebound.secret.createdAt).toEqual(first.secret.createdAt);
      expect(rebound.secret.updatedAt.getTime()).toBeGreaterThanOrEqual(
        first.secret.updatedAt.getTime(),
      );
      await store.secrets.set({ workspaceId, name: 'API_KEY', value: 'k', skills: [], actor });

      const listed = await store.secrets.list(workspaceId);
      expect(listed.map((secret) => [secret.name, secret.skills])).toEqual([
        ['API_KEY', []],
        ['GITHUB_TOKEN', ['deploy-app']],
      ]);
      expect(await store.secrets.get(workspaceId, 'GITHUB_TOKEN')).toEqual(listed[1]);
      expect(await store.secrets.listBound(workspaceId)).toEqual([
        { name: 'API_KEY', skills: [] },
        { name: 'GITHUB_TOKEN', skills: ['deploy-app'] },
      ]);
      expect(await store.secrets.get(workspaceId, 'NONE')).toBeUndefined();
      expect(await valuesOf(workspaceId, 'deploy-app', ['GITHUB_TOKEN'])).toEqual({
        GITHUB_TOKEN: 'ghp_second-value',
      });

      const [row] = await queryRows<{ ciphertext: Uint8Array; iv: Uint8Array; tag: Uint8Array }>(
        store.database,
        sql`select ciphertext, iv, auth_tag as tag from skill_secrets
            where workspace_id = ${workspaceId} and name = 'GITHUB_TOKEN'`,
      );
      expect(row?.iv.byteLength).toBe(12);
      expect(row?.tag.byteLength).toBe(16);
      expect(Buffer.from(row?.ciphertext ?? []).toString('latin1')).not.toContain('ghp_');

      const audit = await store.audit.list({ workspaceId, action: 'secret.set' });
      expect(audit.map((entry) => [entry.target?.id, entry.details])).toEqual([
        ['API_KEY', { name: 'API_KEY', skills: [], created: true, valueChanged: true }],
        [
          'GITHUB_TOKEN',
          {
            name: 'GITHUB_TOKEN',
            skills: ['deploy-app'],
            created: false,
            valueChanged: false,
            approved: [{ skill: 'deploy-app', version: 1, digest: deploy.hash }],
          },
        ],
        [
          'GITHUB_TOKEN',
          { name: 'GITHUB_TOKEN', skills: ['release-notes'], created: false, valueChanged: true },
        ],
        [
          'GITHUB_TOKEN',
          {
            name: 'GITHUB_TOKEN',
            skills: ['release-notes', 'pdf'],
            created: true,
            valueChanged: true,
          },
        ],
      ]);
      expect(audit[0]?.actor).toEqual(actor);
      const everything = JSON.stringify([
        listed,
        await store.audit.list({ workspaceId, limit: 500 }),
      ]);
      expect(everything).not.toContain('ghp_');
    });

    it('refuses bad input with every issue, and a new secret without a value', async () => {
      const tenant = await createTenant(store, 'secrets-input');
      const workspaceId = tenant.workspace.id;
      await expect(
        store.secrets.set({ workspaceId, name: 'lower', value: 'a\0b', skills: ['not valid'] }),
      ).rejects.toMatchObject({
        code: 'invalid_secret',
        details: {
          issues: [
            { code: 'invalid_name', field: 'name' },
            { code: 'value_has_nul', field: 'value' },
            { code: 'invalid_skill', field: 'skills' },
          ],
        },
      });
      await expect(
        store.secrets.set({ workspaceId, name: 'NEW_ONE', skills: ['pdf'] }),
      ).rejects.toMatchObject({
        code: 'secret_not_found',
        message: 'No secret NEW_ONE in this workspace; give a value to create it.',
      });
      expect(await store.secrets.list(workspaceId)).toEqual([]);
      expect(await store.audit.list({ workspaceId, action: 'secret.set' })).toEqual([]);
    });

    it('gives a skill only the asked-for secrets bound to it, in its own workspace', async () => {
      const tenant = await createTenant(store, 'secrets-bound');
      const other = await createTenant(store, 'secrets-other');
      const workspaceId = tenant.workspace.id;
      for (const name of ['one', 'two', 'three'])
        await createWorkspaceSkill(store, workspaceId, name);
      await createWorkspaceSkill(store, other.workspace.id, 'one');
      await store.secrets.set({ workspaceId, name: 'A', value: 'a', skills: ['one', 'two'] });
      await store.secrets.set({ workspaceId, name: 'B', value: 'b', skills: ['two'] });
      await store.secrets.set({ workspaceId, name: 'C', value: 'c', skills: [] });
      await store.secrets.set({
        workspaceId: other.workspace.id,
        name: 'A',
        value: 'other-a',
        skills: ['one'],
      });
      const valuesFor = (skillName: string, names: string[], inWorkspace = workspaceId) =>
        valuesOf(inWorkspace, skillName, names);
      expect(await valuesFor('one', ['A', 'B', 'C'])).toEqual({ A: 'a' });
      expect(await valuesFor('TWO', ['A', 'B', 'C', 'A'])).toEqual({ A: 'a', B: 'b' });
      expect(await valuesFor('two', ['B'])).toEqual({ B: 'b' });
      expect(await valuesFor('two', [])).toEqual({});
      expect(await valuesFor('two', ['b', 'NOT_SET', "B' or 1=1 --"])).toEqual({});
      expect(await valuesFor('three', ['A', 'B', 'C'])).toEqual({});
      expect(await valuesFor('one', ['A'], other.workspace.id)).toEqual({ A: 'other-a' });
      expect(await valuesFor('two', ['A', 'B'], other.workspace.id)).toEqual({});
      expect(await store.secrets.list(other.workspace.id)).toHaveLength(1);
    });

    it('fails to decrypt a row copied into another workspace or renamed', async () => {
      const tenant = await createTenant(store, 'secrets-copy');
      const other = await createTenant(store, 'secrets-copy-to');
      await createWorkspaceSkill(store, tenant.workspace.id, 'pdf');
      const revision = await revisionOf(tenant.workspace.id, 'pdf');
      await store.secrets.set({
        workspaceId: tenant.workspace.id,
        name: 'STOLEN',
        value: 'the-value',
        skills: ['pdf'],
      });
      await store.database.execute(
        sql`insert into skill_secrets (id, workspace_id, name, ciphertext, iv, auth_tag, key_id, skills)
            select ${`copy-${tenant.workspace.id}`}, ${other.workspace.id}, name, ciphertext, iv, auth_tag, key_id, skills
            from skill_secrets where workspace_id = ${tenant.workspace.id} and name = 'STOLEN'`,
      );
      await store.database.execute(
        sql`insert into skill_secrets (id, workspace_id, name, ciphertext, iv, auth_tag, key_id, skills)
            select ${`rename-${tenant.workspace.id}`}, workspace_id, 'RENAMED', ciphertext, iv, auth_tag, key_id, skills
            from skill_secrets where workspace_id = ${tenant.workspace.id} and name = 'STOLEN'`,
      );
      // With the approval copied too: only the cipher's authenticated data stands in the way.
      for (const copy of [`copy-${tenant.workspace.id}`, `rename-${tenant.workspace.id}`]) {
        await store.database.execute(
          sql`insert into skill_secret_approvals (secret_id, skill, skill_id, version, digest)
              select ${copy}, skill, skill_id, version, digest from skill_secret_approvals
              where secret_id = (select id from skill_secrets
                where workspace_id = ${tenant.workspace.id} and name = 'STOLEN')`,
        );
      }
      for (const [workspaceId, name] of [
        [other.workspace.id, 'STOLEN'],
        [tenant.workspace.id, 'RENAMED'],
      ] as const) {
        await expect(
          store.secrets.valuesFor({ workspaceId, skillName: 'pdf', names: [name], revision }),
        ).rejects.toMatchObject({
          code: 'secret_undecryptable',
          message: `The secret ${name} cannot be decrypted: the stored value fails authentication (it was changed, or belongs to another workspace or name). Set it again to store a new value.`,
        });
      }
    });

    it('without a key lists and rebinds, refuses values, and says so when a bound value exists', async () => {
      const tenant = await createTenant(store, 'secrets-nokey');
      const workspaceId = tenant.workspace.id;
      await createWorkspaceSkill(store, workspaceId, 'pdf');
      await store.secrets.set({ workspaceId, name: 'TOKEN', value: 'v', skills: ['pdf'] });
      const unkeyed = createStoreRepositories(store.database).secrets;
      expect(unkeyed.configured).toBe(false);
      expect((await unkeyed.list(workspaceId)).map((secret) => secret.name)).toEqual(['TOKEN']);
      const rebound = await unkeyed.set({ workspaceId, name: 'TOKEN', skills: ['pdf', 'docx'] });
      expect(rebound.secret.skills).toEqual(['pdf', 'docx']);
      await expect(
        unkeyed.set({ workspaceId, name: 'TOKEN', value: 'w', skills: ['pdf'] }),
      ).rejects.toMatchObject({
        code: 'secrets_not_configured',
        message: expect.stringContaining('set SKILLSET_SECRET_KEY to 32 random bytes as base64'),
      });
      expect(await valuesOf(workspaceId, 'other', ['TOKEN'], unkeyed)).toEqual({});
      await expect(valuesOf(workspaceId, 'pdf', ['TOKEN'], unkeyed)).rejects.toMatchObject({
        code: 'secrets_not_configured',
      });

      const rekeyed = createStoreRepositories(store.database, { secretKey: newKey() }).secrets;
      await expect(valuesOf(workspaceId, 'pdf', ['TOKEN'], rekeyed)).rejects.toMatchObject({
        code: 'secret_undecryptable',
        message: expect.stringContaining(
          `encrypted with another SKILLSET_SECRET_KEY (key id ${key.id}`,
        ),
      });
      await rekeyed.set({ workspaceId, name: 'TOKEN', value: 'new', skills: ['pdf'] });
      expect(await valuesOf(workspaceId, 'pdf', ['TOKEN'], rekeyed)).toEqual({ TOKEN: 'new' });
    });

    it('deletes a secret, audited; a rolled-back set leaves nothing; a deleted workspace takes its secrets', async () => {
      const tenant = await createTenant(store, 'secrets-delete');
      const workspaceId = tenant.workspace.id;
      const actor = { kind: 'user' as const, id: tenant.user.id };
      await store.secrets.set({ workspaceId, name: 'GONE', value: 'x', skills: ['pdf'], actor });
      expect(await store.secrets.delete({ workspaceId, name: 'GONE', actor })).toBe(true);
      expect(await store.secrets.delete({ workspaceId, name: 'GONE', actor })).toBe(false);
      expect(await store.secrets.list(workspaceId)).toEqual([]);
      const [entry] = await store.audit.list({ workspaceId, action: 'secret.delete' });
      expect(entry).toMatchObject({
        actor,
        target: { kind: 'secret', id: 'GONE' },
        details: { name: 'GONE', skills: ['pdf'] },
      });

      await expect(
        store.transaction(async (transaction) => {
          expect(transaction.secrets.configured).toBe(true);
          await transaction.secrets.set({ workspaceId, name: 'HALF', value: 'x', skills: [] });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await store.secrets.list(workspaceId)).toEqual([]);

      await store.secrets.set({ workspaceId, name: 'KEPT', value: 'x', skills: [] });
      await store.workspaces.delete(workspaceId);
      const [left] = await queryRows<{ count: number }>(
        store.database,
        sql`select count(*)::int as count from skill_secrets where workspace_id = ${workspaceId}`,
      );
      expect(left?.count).toBe(0);
    });
  });
}
