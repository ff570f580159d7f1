import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSecretKey } from '../secrets/secret-key.ts';
import type { Store } from '../store/store.ts';
import type { OpenKeyedStore } from './secrets.contract.ts';
import { createTenant, createWorkspaceSkill, skillText } from './store-fixtures.ts';

/** Registers the part of the store contract that binds secrets to approved skill revisions. */
export function defineSecretApprovalsContract(openKeyed: OpenKeyedStore): void {
  describe('secret approvals', () => {
    let store: Store;
    beforeAll(async () => {
      store = await openKeyed(parseSecretKey(randomBytes(32).toString('base64')));
    });
    afterAll(async () => {
      await store?.close();
    });

    /** What a run of the skill's current revision gets, and what it is denied. */
    const runOf = async (workspaceId: string, skill: string) => {
      const revision = await store.secrets.revisionOf(workspaceId, skill);
      if (revision === undefined) throw new Error(`no revision of ${skill}`);
      return store.secrets.valuesFor({ workspaceId, skillName: skill, names: ['TOKEN'], revision });
    };
    const bindingOf = async (workspaceId: string, skill: string) =>
      (await store.secrets.get(workspaceId, 'TOKEN'))?.bindings.find(
        (binding) => binding.skill === skill,
      );

    it('approves a newly bound skill’s current revision; a new version, an edit or a restore by anyone voids it until an admin approves again', async () => {
      const tenant = await createTenant(store, 'secret-approvals');
      const workspaceId = tenant.workspace.id;
      const admin = { kind: 'user' as const, id: tenant.user.id };
      const member = { kind: 'user' as const, id: 'member-1' };
      const notes = await createWorkspaceSkill(
        store,
        workspaceId,
        'release-notes',
        {},
        {
          actor: member,
        },
      );
      await store.secrets.set({
        workspaceId,
        name: 'TOKEN',
        value: 'tok-1',
        skills: ['Release-Notes'],
        actor: admin,
      });
      expect(await bindingOf(workspaceId, 'release-notes')).toEqual({
        skill: 'release-notes',
        approved: true,
        approval: {
          skillId: notes.id,
          version: 1,
          digest: notes.hash,
          approvedBy: admin.id,
          approvedAt: expect.any(Date),
        },
        current: {
          skillId: notes.id,
          scope: 'workspace',
          version: 1,
          digest: notes.hash,
          author: member.id,
        },
      });
      expect(await runOf(workspaceId, 'release-notes')).toEqual({
        values: { TOKEN: 'tok-1' },
        withheld: [],
      });

      // A member's new version: the secret is withheld, saying which revision was approved.
      const edited = await store.skills.update({
        ...tenant.access,
        id: notes.id,
        expectedVersion: 1,
        skillMd: skillText('release-notes', { body: 'print it encoded' }),
        actor: member,
      });
      if (!edited.ok) throw new Error('update failed');
      expect(await runOf(workspaceId, 'release-notes')).toEqual({
        values: {},
        withheld: [
          { name: 'TOKEN', approved: { skillId: notes.id, version: 1, digest: notes.hash } },
        ],
      });
      expect(await bindingOf(workspaceId, 'release-notes')).toMatchObject({
        approved: false,
        approval: { version: 1 },
        current: { version: 2, digest: edited.skill.hash, author: member.id },
      });

      // Replacing the value with the same skills approves nothing new.
      await store.secrets.set({
        workspaceId,
        name: 'TOKEN',
        value: 'tok-2',
        skills: ['release-notes'],
        actor: admin,
      });
      expect(await bindingOf(workspaceId, 'release-notes')).toMatchObject({ approved: false });

      // An admin approves what they reviewed, and only that.
      await expect(
        store.secrets.approve({
          workspaceId,
          name: 'TOKEN',
          skill: 'release-notes',
          digest: notes.hash,
          actor: admin,
        }),
      ).rejects.toMatchObject({
        code: 'secret_revision_changed',
        message: `Skill "release-notes" changed since it was reviewed: its current revision is version 2 (${edited.skill.hash}), not ${JSON.stringify(notes.hash)}. Review it and approve again.`,
      });
      const approved = await store.secrets.approve({
        workspaceId,
        name: 'TOKEN',
        skill: 'RELEASE-NOTES',
        digest: edited.skill.hash,
        actor: admin,
      });
      expect(approved.bindings).toMatchObject([
        { skill: 'release-notes', approved: true, approval: { version: 2 } },
      ]);
      expect(await runOf(workspaceId, 'release-notes')).toEqual({
        values: { TOKEN: 'tok-2' },
        withheld: [],
      });
      const [audit] = await store.audit.list({ workspaceId, action: 'secret.approve' });
      expect(audit).toMatchObject({
        actor: admin,
        target: { kind: 'secret', id: 'TOKEN' },
        details: {
          name: 'TOKEN',
          skill: 'release-notes',
          version: 2,
          digest: edited.skill.hash,
          author: member.id,
        },
      });

      // Restoring version 1 makes version 3 with v1's bytes: a new revision, not approved.
      const restored = await store.skills.restore({
        ...tenant.access,
        id: notes.id,
        version: 1,
        actor: member,
      });
      if (!restored.ok) throw new Error('restore failed');
      expect(restored.skill.hash).toBe(notes.hash);
      expect(await runOf(workspaceId, 'release-notes')).toMatchObject({
        values: {},
        withheld: [{ name: 'TOKEN', approved: { version: 2 } }],
      });
    });

    it('refuses approvals it cannot give, and keeps approvals only for bound skills', async () => {
      const tenant = await createTenant(store, 'secret-approvals-refused');
      const workspaceId = tenant.workspace.id;
      await createWorkspaceSkill(store, workspaceId, 'pdf');
      await store.secrets.set({ workspaceId, name: 'TOKEN', value: 'v', skills: ['pdf', 'later'] });
      const approve = (name: string, skill: string) =>
        store.secrets.approve({ workspaceId, name, skill });
      await expect(approve('NONE', 'pdf')).rejects.toMatchObject({ code: 'secret_not_found' });
      await expect(approve('TOKEN', 'docx')).rejects.toMatchObject({
        code: 'secret_skill_not_bound',
        message: `Skill "docx" is not bound to TOKEN; bind it first by adding it to the secret's skills.`,
      });
      await expect(approve('TOKEN', 'later')).rejects.toMatchObject({
        code: 'skill_not_found',
        message:
          'No workspace or public skill "later" exists in this workspace, so there is no revision to approve for TOKEN.',
      });
      // A skill created after the binding is not approved by it: an admin approves it.
      await createWorkspaceSkill(store, workspaceId, 'later');
      expect(await bindingOf(workspaceId, 'later')).toMatchObject({ approved: false });
      expect((await runOf(workspaceId, 'later')).withheld).toEqual([{ name: 'TOKEN' }]);
      await approve('TOKEN', 'later');
      expect((await runOf(workspaceId, 'later')).values).toEqual({ TOKEN: 'v' });

      // Unbinding forgets the approval; binding again approves the revision current then.
      await store.secrets.set({ workspaceId, name: 'TOKEN', skills: ['later'] });
      expect(await bindingOf(workspaceId, 'pdf')).toBeUndefined();
      await store.secrets.set({ workspaceId, name: 'TOKEN', skills: ['later', 'pdf'] });
      expect(await bindingOf(workspaceId, 'pdf')).toMatchObject({ approved: true });
      expect(await store.audit.list({ workspaceId, action: 'secret.approve' })).toHaveLength(1);
    });

    it('follows the skill a name reaches: a workspace skill shadowing an approved public one is not approved', async () => {
      const tenant = await createTenant(store, 'secret-approvals-public');
      const workspaceId = tenant.workspace.id;
      const name = `shared-${workspaceId.slice(0, 8).toLowerCase()}`;
      const shared = await store.skills.create({ scope: 'public', skillMd: skillText(name) });
      if (!shared.ok) throw new Error('public create failed');
      await store.secrets.set({ workspaceId, name: 'TOKEN', value: 'v', skills: [name] });
      expect(await bindingOf(workspaceId, name)).toMatchObject({
        approved: true,
        current: { scope: 'public', skillId: shared.skill.id },
      });
      expect((await runOf(workspaceId, name)).values).toEqual({ TOKEN: 'v' });
      const local = await createWorkspaceSkill(store, workspaceId, name);
      expect(await bindingOf(workspaceId, name)).toMatchObject({
        approved: false,
        current: { scope: 'workspace', skillId: local.id },
      });
      expect((await runOf(workspaceId, name)).withheld).toMatchObject([
        { name: 'TOKEN', approved: { skillId: shared.skill.id } },
      ]);
    });
  });
}
