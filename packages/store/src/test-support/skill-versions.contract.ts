import { beforeAll, describe, expect, it } from 'vitest';
import { computeVersionHash } from '../content/compute-version-hash.ts';
import { sha256 } from '../content/sha256.ts';
import type { CreateSkillOptions } from '../skills/skill-types.ts';
import type { Store } from '../store/store.ts';
import { countRows, createTenant, createWorkspaceSkill, skillText } from './store-fixtures.ts';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** Registers the versioning part of the store contract: hashes, restore, conflicts. */
export function defineSkillVersionsContract(getStore: () => Store): void {
  describe('skill versions', () => {
    let store: Store;
    let tenant: Tenant;
    beforeAll(async () => {
      store = getStore();
      tenant = await createTenant(store, 'versions');
    });
    const create = (
      name: string,
      options: Parameters<typeof skillText>[1] = {},
      extra: Partial<CreateSkillOptions> = {},
    ) => createWorkspaceSkill(store, tenant.workspace.id, name, options, extra);

    it('keeps versions immutable and content-addressed, storing each blob once', async () => {
      const files = [{ path: 'ref/guide.md', content: 'shared guide text for dedupe' }];
      const first = await create('hash-one', {}, { files });
      const blobsBefore = await countRows(store, 'blobs');
      const second = await store.skills.create({
        scope: 'workspace',
        workspaceId: tenant.workspace.id,
        skillMd: skillText('hash-two'),
        files,
      });
      if (!second.ok) throw new Error('create failed');
      expect(await countRows(store, 'blobs')).toBe(blobsBefore + 1);
      expect(first.hash).toBe(
        computeVersionHash([
          { path: 'SKILL.md', hash: sha256(skillText('hash-one')) },
          { path: 'ref/guide.md', hash: sha256('shared guide text for dedupe') },
        ]),
      );
      const updated = await store.skills.update({
        ...tenant.access,
        id: first.id,
        expectedVersion: 1,
        skillMd: skillText('hash-one', { body: 'version two' }),
      });
      if (!updated.ok) throw new Error('update failed');
      expect(updated.version).toBe(2);
      expect(updated.skill.hash).not.toBe(first.hash);
      const v1 = await store.skills.getVersion({ ...tenant.access, id: first.id, version: 1 });
      expect(v1?.skillMd).toBe(skillText('hash-one'));
      expect(v1?.hash).toBe(first.hash);
      expect(v1?.files.map((file) => file.path)).toEqual(['SKILL.md', 'ref/guide.md']);
      const restored = await store.skills.restore({ ...tenant.access, id: first.id, version: 1 });
      if (!restored.ok) throw new Error('restore failed');
      expect(restored.version).toBe(3);
      expect(restored.skill.hash).toBe(first.hash);
      const versions = await store.skills.listVersions({ ...tenant.access, id: first.id });
      expect(versions?.map((version) => [version.number, version.hash === first.hash])).toEqual([
        [3, true],
        [2, false],
        [1, true],
      ]);
      expect(versions?.[0]?.message).toBe('Restored version 1');
      expect((await store.skills.getVersion({ ...tenant.access, id: first.id }))?.skillMd).toBe(
        skillText('hash-one'),
      );
      expect(await store.skills.restore({ ...tenant.access, id: first.id, version: 9 })).toEqual({
        ok: false,
        reason: 'version_not_found',
        version: 9,
      });
      expect((await store.skills.get({ ...tenant.access, id: first.id }))?.currentVersion).toBe(3);
    });

    it('updates files with put and delete, carrying the others over', async () => {
      const skill = await create(
        'file-ops',
        {},
        {
          files: [
            { path: 'a.txt', content: 'a' },
            { path: 'b.txt', content: 'b' },
          ],
        },
      );
      const result = await store.skills.update({
        ...tenant.access,
        id: skill.id,
        expectedVersion: 1,
        putFiles: [{ path: 'c.txt', content: 'c' }],
        deleteFiles: ['a.txt'],
      });
      expect(result.ok).toBe(true);
      const files = await store.skills.listFiles({ ...tenant.access, id: skill.id });
      expect(files?.map((file) => file.path)).toEqual(['SKILL.md', 'b.txt', 'c.txt']);
      const renamed = await store.skills.update({
        ...tenant.access,
        id: skill.id,
        expectedVersion: 2,
        skillMd: skillText('other-name'),
      });
      expect(renamed).toMatchObject({
        ok: false,
        reason: 'invalid',
        issues: [{ code: 'name_changed' }],
      });
    });

    it('returns a conflict for a stale expected version and writes nothing', async () => {
      const skill = await create('stale-check');
      const ok = await store.skills.update({
        ...tenant.access,
        id: skill.id,
        expectedVersion: 1,
        skillMd: skillText('stale-check', { body: 'two' }),
      });
      expect(ok.ok).toBe(true);
      const stale = await store.skills.update({
        ...tenant.access,
        id: skill.id,
        expectedVersion: 1,
        skillMd: skillText('stale-check', { body: 'lost' }),
      });
      expect(stale).toEqual({ ok: false, reason: 'conflict', currentVersion: 2 });
      expect((await store.skills.listVersions({ ...tenant.access, id: skill.id }))?.length).toBe(2);
      expect(
        await store.skills.update({ ...tenant.access, id: 'missing', expectedVersion: 1 }),
      ).toEqual({ ok: false, reason: 'not_found' });
    });

    it('lets exactly one of 50 concurrent updates with the same expected version win', async () => {
      const skill = await create('contended');
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          store.skills.update({
            ...tenant.access,
            id: skill.id,
            expectedVersion: 1,
            skillMd: skillText('contended', { body: `writer ${index}` }),
          }),
        ),
      );
      const winners = results.flatMap((result, index) => (result.ok ? [index] : []));
      expect(winners).toHaveLength(1);
      expect(results.filter((result) => !result.ok && result.reason === 'conflict')).toHaveLength(
        49,
      );
      const current = await store.skills.getVersion({ ...tenant.access, id: skill.id });
      expect(current?.number).toBe(2);
      expect(current?.skillMd).toBe(skillText('contended', { body: `writer ${winners[0]}` }));
      expect((await store.skills.listVersions({ ...tenant.access, id: skill.id }))?.length).toBe(2);
    });
  });
}
