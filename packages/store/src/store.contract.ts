import { copyFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureInstanceOwner } from './bootstrap/ensure-instance-owner.ts';
import type { AccessChange } from './changes/access-change.ts';
import type { SkillChange } from './changes/skill-change.ts';
import { queryRows } from './database/store-database.ts';
import { MIGRATIONS_DIR } from './migrate/load-migrations.ts';
import { MIGRATIONS_TABLE, migrate } from './migrate/migrate.ts';
import * as schema from './schema/index.ts';
import type { SecretKey } from './secrets/secret-key.ts';
import type { Store } from './store/store.ts';
import { defineAccessContract } from './test-support/access.contract.ts';
import { defineApprovalsContract } from './test-support/approvals.contract.ts';
import { definePeopleContract } from './test-support/people.contract.ts';
import { defineSecretApprovalsContract } from './test-support/secret-approvals.contract.ts';
import { defineSecretsContract } from './test-support/secrets.contract.ts';
import { defineSkillVersionsContract } from './test-support/skill-versions.contract.ts';
import { defineSkillsContract } from './test-support/skills.contract.ts';
import { createTenant, skillText, waitFor } from './test-support/store-fixtures.ts';
import { defineWorkspaceDataContract } from './test-support/workspace-data.contract.ts';

/** How the contract suite reaches one implementation. */
export interface StoreContractTarget {
  /** A migrated store; with `sharedDatabase`, every call is a new instance on the same database. */
  open(options?: { secretKey?: SecretKey }): Promise<Store>;
  /** A store on a new, empty, unmigrated database; `count` instances on it. */
  openFresh(count: number): Promise<Store[]>;
  /** True when two `open()` stores share one database (PostgreSQL). */
  sharedDatabase: boolean;
}

const TABLES: PgTable[] = [
  schema.users,
  schema.workspaces,
  schema.members,
  schema.agents,
  schema.tokens,
  schema.skills,
  schema.skillVersions,
  schema.blobs,
  schema.versionFiles,
  schema.permissionRules,
  schema.usageEvents,
  schema.auditLog,
  schema.sessions,
  schema.signInCodes,
  schema.invitations,
  schema.userIdentities,
  schema.chatConversations,
  schema.skillTriggerEvals,
  schema.skillSecrets,
  schema.skillSecretApprovals,
  schema.skillApprovals,
];

/** Registers the store behaviour suite against one implementation. */
export function defineStoreContract(name: string, target: StoreContractTarget): void {
  describe(`store contract (${name})`, () => {
    let store: Store;
    beforeAll(async () => {
      store = await target.open();
    });
    afterAll(async () => {
      await store?.close();
    });
    const getStore = () => store;

    describe('migrations', () => {
      it('apply once, are idempotent, and are safe when instances start at once; the first start creates one owner', async () => {
        const stores = await target.openFresh(2);
        try {
          const [first, second] = stores as [Store, Store];
          const results = await Promise.all([first.migrate(), second.migrate(), first.migrate()]);
          // Each migration is applied once, by whichever instance takes the lock first.
          const applied = results.flatMap((result) => result.applied).sort();
          expect(applied).toEqual([
            '0001-initial',
            '0002-people-and-sessions',
            '0003-audit-outlives-workspace',
            '0004-access-epoch',
            '0005-proven-identity',
            '0006-chat-conversations',
            '0007-skill-trigger-evals',
            '0008-skill-secrets',
            '0009-usage-outcome',
            '0010-run-surface',
            '0011-skill-approvals',
            '0012-usage-count',
            '0013-secret-approvals',
            '0014-invitation-kinds-and-passed-on-links',
            '0015-reviewed-releases',
            '0016-skill-epoch',
          ]);
          expect((await first.migrate()).applied).toEqual([]);
          const rows = await queryRows<{ id: string }>(
            first.database,
            sql.raw(`select id from ${MIGRATIONS_TABLE}`),
          );
          expect(rows.map((row) => row.id)).toEqual([
            '0001-initial',
            '0002-people-and-sessions',
            '0003-audit-outlives-workspace',
            '0004-access-epoch',
            '0005-proven-identity',
            '0006-chat-conversations',
            '0007-skill-trigger-evals',
            '0008-skill-secrets',
            '0009-usage-outcome',
            '0010-run-surface',
            '0011-skill-approvals',
            '0012-usage-count',
            '0013-secret-approvals',
            '0014-invitation-kinds-and-passed-on-links',
            '0015-reviewed-releases',
            '0016-skill-epoch',
          ]);

          const adminToken = 'sks_admin-token-from-the-environment';
          const starts = await Promise.all([
            ensureInstanceOwner(first, { adminToken }),
            ensureInstanceOwner(second, { adminToken }),
          ]);
          const owner = starts.find((start) => start.created);
          expect(starts.filter((start) => start.created)).toHaveLength(1);
          if (owner === undefined || !owner.created) throw new Error('expected a first start');
          expect(owner.token).toBe(adminToken);
          expect(owner.user.instanceAdmin).toBe(true);
          expect(owner.workspace.slug).toBe('default');
          expect(
            await second.tokens.authenticate(adminToken, { workspaceId: owner.workspace.id }),
          ).toMatchObject({ kind: 'user', role: 'owner', instanceAdmin: true });
          expect(await ensureInstanceOwner(first)).toEqual({ created: false });
          expect(await first.users.count()).toBe(1);
        } finally {
          await Promise.all(stores.map((opened) => opened.close()));
        }
      });

      it('turn link invitations into open links, keep mailed ones, and cut copied sign-in links to 15 minutes (0014)', async () => {
        const stores = await target.openFresh(1);
        try {
          const fresh = stores[0] as Store;
          await using before = await createTempDir();
          for (const name of await readdir(MIGRATIONS_DIR)) {
            if (name < '0014') await copyFile(join(MIGRATIONS_DIR, name), join(before.path, name));
          }
          await migrate(fresh.database, { folder: before.path });
          for (const statement of [
            sql`insert into users (id, name) values ('u1', 'Ada')`,
            sql`insert into workspaces (id, slug, name, settings) values ('w1', 'w1', 'W1', '{}')`,
            sql`insert into invitations (id, hash, workspace_id, email, role, delivery, expires_at)
              values ('passed', 'h1', 'w1', 'a@example.com', 'member', 'link', now() + interval '7 days'),
                     ('mailed', 'h2', 'w1', 'b@example.com', 'member', 'email', now() + interval '7 days')`,
            sql`insert into sign_in_codes (id, hash, user_id, expires_at, proves_email)
              values ('copied', 'c1', 'u1', now() + interval '24 hours', null),
                     ('mailed', 'c2', 'u1', now() + interval '24 hours', 'a@example.com'),
                     ('owner', 'c3', 'u1', now() + interval '10 minutes', null)`,
          ]) {
            await fresh.database.execute(statement);
          }
          expect((await fresh.migrate()).applied).toContain(
            '0014-invitation-kinds-and-passed-on-links',
          );
          const kinds = await queryRows<{ id: string; kind: string }>(
            fresh.database,
            sql`select id, kind from invitations order by id`,
          );
          expect(kinds).toEqual([
            { id: 'mailed', kind: 'email' },
            { id: 'passed', kind: 'open_link' },
          ]);
          const codes = await queryRows<{ id: string; minutes: number }>(
            fresh.database,
            sql`select id, ceil(extract(epoch from expires_at - now()) / 60)::int as minutes
                from sign_in_codes order by id`,
          );
          expect(codes.map((code) => [code.id, code.minutes <= 15])).toEqual([
            ['copied', true],
            ['mailed', false],
            ['owner', true],
          ]);
        } finally {
          await Promise.all(stores.map((opened) => opened.close()));
        }
      });

      it('create exactly the tables, columns, types and indexes of the Drizzle schema', async () => {
        for (const table of TABLES) {
          const config = getTableConfig(table);
          const columns = await queryRows<{ name: string; type: string; notNull: boolean }>(
            store.database,
            sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type, a.attnotnull as "notNull"
                from pg_attribute a
                where a.attrelid = to_regclass(${config.name}) and a.attnum > 0 and not a.attisdropped
                order by a.attname`,
          );
          const expected = config.columns
            .map((column) => ({
              name: column.name,
              type: column.getSQLType(),
              notNull: column.notNull,
            }))
            .sort((a, b) => (a.name < b.name ? -1 : 1));
          expect({ table: config.name, columns }).toEqual({
            table: config.name,
            columns: expected,
          });
          const indexes = await queryRows<{ name: string }>(
            store.database,
            sql`select indexname as name from pg_indexes where tablename = ${config.name} and schemaname = current_schema()`,
          );
          const expectedIndexes = [
            `${config.name}_pkey`,
            ...config.indexes.map((index) => index.config.name),
            ...config.columns.flatMap((column) =>
              column.isUnique && column.uniqueName !== undefined ? [column.uniqueName] : [],
            ),
          ];
          expect(indexes.map((index) => index.name).sort()).toEqual(
            [...new Set(expectedIndexes)].sort(),
          );
          const foreignKeys = await queryRows<{ count: number }>(
            store.database,
            sql`select count(*)::int as count from pg_constraint where conrelid = to_regclass(${config.name}) and contype = 'f'`,
          );
          expect(foreignKeys[0]?.count).toBe(config.foreignKeys.length);
          const checks = await queryRows<{ name: string }>(
            store.database,
            sql`select conname as name from pg_constraint where conrelid = to_regclass(${config.name}) and contype = 'c' order by conname`,
          );
          expect(checks.map((check) => check.name)).toEqual(
            config.checks.map((check) => check.name).sort(),
          );
        }
      });
    });

    describe('transactions', () => {
      it('leave nothing behind when the work throws midway', async () => {
        const tenant = await createTenant(store, 'rollback');
        await expect(
          store.transaction(async (transaction) => {
            const created = await transaction.skills.create({
              scope: 'workspace',
              workspaceId: tenant.workspace.id,
              skillMd: skillText('half-written'),
            });
            expect(created.ok).toBe(true);
            await transaction.agents.create({ workspaceId: tenant.workspace.id, name: 'ghost' });
            throw new Error('boom');
          }),
        ).rejects.toThrow('boom');
        expect(
          await store.skills.getByName({ ...tenant.access, name: 'half-written' }),
        ).toBeUndefined();
        expect(await store.agents.list(tenant.workspace.id)).toEqual([]);
        const audit = await store.audit.list({ workspaceId: tenant.workspace.id });
        expect(audit.map((entry) => entry.action)).toEqual(['member.add']);
      });
    });

    describe('file lists of many versions', () => {
      it('answers them in one call, leaving out what the caller cannot see', async () => {
        const mine = await createTenant(store, 'files-mine');
        const theirs = await createTenant(store, 'files-theirs');
        const skillMd = (name: string) => `---\nname: ${name}\ndescription: D.\n---\nBody.\n`;
        const [withFile, plain] = await store.skills.createMany([
          {
            scope: 'workspace',
            workspaceId: mine.workspace.id,
            skillMd: skillMd('with-file'),
            files: [{ path: 'notes.md', content: '# Notes' }],
          },
          { scope: 'workspace', workspaceId: mine.workspace.id, skillMd: skillMd('plain') },
        ]);
        const [foreign] = await store.skills.createMany([
          { scope: 'workspace', workspaceId: theirs.workspace.id, skillMd: skillMd('foreign') },
        ]);
        if (!withFile?.ok || !plain?.ok || !foreign?.ok) throw new Error('expected three skills');
        const files = await store.skills.listFilesOfVersions({
          ...mine.access,
          versions: [
            { id: withFile.skill.id, version: 1 },
            { id: plain.skill.id, version: 1 },
            { id: plain.skill.id, version: 2 },
            { id: foreign.skill.id, version: 1 },
          ],
        });
        expect([...files.keys()].sort()).toEqual([withFile.skill.id, plain.skill.id].sort());
        expect(files.get(withFile.skill.id)).toEqual(
          await store.skills.listFiles({ ...mine.access, id: withFile.skill.id }),
        );
        expect(files.get(withFile.skill.id)?.map((file) => file.path)).toEqual([
          'SKILL.md',
          'notes.md',
        ]);
      });
    });

    describe('activity of many skills', () => {
      it('names the writer of each current version, its time and a SKILL.sig, hiding the invisible', async () => {
        const mine = await createTenant(store, 'activity-mine');
        const theirs = await createTenant(store, 'activity-theirs');
        const agent = await store.agents.create({ workspaceId: mine.workspace.id, name: 'bot' });
        const [byUser, byAgent, bySystem] = await store.skills.createMany([
          {
            scope: 'workspace',
            workspaceId: mine.workspace.id,
            skillMd: skillText('by-user'),
            files: [{ path: 'SKILL.sig', content: 'not checked here' }],
            actor: { kind: 'user', id: mine.user.id },
          },
          {
            scope: 'workspace',
            workspaceId: mine.workspace.id,
            skillMd: skillText('by-agent'),
            actor: { kind: 'agent', id: agent.id },
          },
          { scope: 'workspace', workspaceId: mine.workspace.id, skillMd: skillText('by-system') },
        ]);
        const [foreign] = await store.skills.createMany([
          { scope: 'workspace', workspaceId: theirs.workspace.id, skillMd: skillText('foreign') },
        ]);
        if (!byUser?.ok || !byAgent?.ok || !bySystem?.ok || !foreign?.ok) {
          throw new Error('expected four skills');
        }
        const ids = [byUser, byAgent, bySystem, foreign].map((created) => created.skill.id);
        const activity = await store.skills.listActivity({ ...mine.access, ids });
        expect([...activity.keys()].sort()).toEqual(ids.slice(0, 3).sort());
        expect(activity.get(byUser.skill.id)).toMatchObject({
          updatedBy: { id: mine.user.id, name: 'activity-mine owner' },
          hasSignature: true,
        });
        expect(activity.get(byAgent.skill.id)).toMatchObject({
          updatedBy: { id: agent.id, name: 'bot' },
          hasSignature: false,
        });
        expect(activity.get(bySystem.skill.id)?.updatedBy).toBeNull();
        expect(activity.get(bySystem.skill.id)?.updatedAt).toBeInstanceOf(Date);
        expect(await store.skills.listActivity({ ...mine.access, ids: [] })).toEqual(new Map());
      });
    });

    describe('usage', () => {
      it('records a batch in one write and counts it per skill, day and trigger', async () => {
        const tenant = await createTenant(store, 'usage');
        const at = new Date('2026-03-04T10:00:00Z');
        const workspaceId = tenant.workspace.id;
        await store.usage.recordMany([
          { workspaceId, skillName: 'Notes', trigger: 'user', at, count: 2 },
          { workspaceId, skillName: 'notes', trigger: 'user', at, skillId: 'id-1' },
          {
            workspaceId,
            skillName: 'it\'s "quoted"',
            trigger: 'model',
            at,
            principal: { kind: 'agent', id: 'a1' },
          },
        ]);
        await store.usage.record({ workspaceId, skillName: 'today', trigger: 'read' });
        const counts = await store.usage.counts({
          workspaceId,
          from: new Date('2026-03-04T00:00:00Z'),
          to: new Date('2026-03-05T00:00:00Z'),
        });
        // The order of names is the database's collation: compare as a set.
        expect(counts).toHaveLength(3);
        expect(counts).toEqual(
          expect.arrayContaining([
            { skillName: 'Notes', day: '2026-03-04', trigger: 'user', count: 2 },
            { skillName: 'it\'s "quoted"', day: '2026-03-04', trigger: 'model', count: 1 },
            { skillName: 'notes', day: '2026-03-04', trigger: 'user', count: 1 },
          ]),
        );
        const now = Date.now();
        const today = await store.usage.counts({
          workspaceId,
          from: new Date(now - 60_000),
          to: new Date(now + 60_000),
        });
        expect(today).toMatchObject([{ skillName: 'today', trigger: 'read', count: 1 }]);
      });
    });

    describe('change feed', () => {
      it('delivers access changes: revocations, members, rules, agents, workspaces, admins', async () => {
        const tenant = await createTenant(store, 'access');
        const seen: AccessChange[] = [];
        const unsubscribe = store.changes.onAccessChange((change) => {
          if (change.workspaceId === tenant.workspace.id || change.id === tenant.user.id) {
            seen.push(change);
          }
        });
        try {
          const epoch = await store.changes.accessEpoch();
          const { info } = await store.tokens.create({
            name: 'laptop',
            principal: { kind: 'user', userId: tenant.user.id, workspaceId: tenant.workspace.id },
          });
          await store.tokens.revoke({ id: info.id });
          const other = await store.users.create({ name: 'other' });
          await store.members.add({ ...tenant.access, userId: other.id, role: 'member' });
          await store.members.setRole({ ...tenant.access, userId: other.id, role: 'viewer' });
          await store.members.remove({ workspaceId: tenant.workspace.id, userId: other.id });
          const rule = await store.permissions.create({
            workspaceId: tenant.workspace.id,
            skill: 'deploy',
            action: 'deny',
          });
          await store.permissions.delete({ workspaceId: tenant.workspace.id, id: rule.id });
          const agent = await store.agents.create({
            workspaceId: tenant.workspace.id,
            name: 'bot',
          });
          await store.agents.update({
            workspaceId: tenant.workspace.id,
            id: agent.id,
            name: 'bot2',
          });
          await store.workspaces.update(tenant.workspace.id, { name: 'renamed' });
          await store.users.update(tenant.user.id, { instanceAdmin: true });
          // On PostgreSQL, createTenant's own change may still arrive after subscribing.
          const ours = () => seen.slice(seen.findIndex((change) => change.kind === 'token'));
          await waitFor(() => seen.some((change) => change.kind === 'user'));
          expect(ours().map((change) => change.kind)).toEqual([
            'token',
            'member',
            'member',
            'member',
            'permissions',
            'permissions',
            'agent',
            'workspace',
            'user',
          ]);
          expect(ours()[0]).toEqual({
            kind: 'token',
            workspaceId: tenant.workspace.id,
            id: info.id,
            epoch: expect.stringMatching(/^\d+$/),
          });
          // Each change carries the epoch it raised: they rise in the order they arrive.
          const epochs = ours().map((change) => BigInt(change.epoch ?? '0'));
          expect(
            epochs.every((value, index) => index === 0 || value > (epochs[index - 1] ?? 0n)),
          ).toBe(true);
          if (store.kind === 'postgres') {
            expect(await store.changes.accessEpoch()).not.toBe(epoch);
          } else {
            expect(epoch).toBeUndefined();
          }
        } finally {
          unsubscribe();
        }
      });

      it('delivers created, updated, disabled, enabled and deleted changes', async () => {
        const tenant = await createTenant(store, 'feed');
        const seen: SkillChange[] = [];
        const unsubscribe = store.changes.subscribe((change) => {
          if (change.workspaceId === tenant.workspace.id) seen.push(change);
        });
        try {
          const created = await store.skills.create({
            scope: 'workspace',
            workspaceId: tenant.workspace.id,
            skillMd: skillText('feed-skill'),
          });
          if (!created.ok) throw new Error('create failed');
          const id = created.skill.id;
          await store.skills.update({
            ...tenant.access,
            id,
            expectedVersion: 1,
            skillMd: skillText('feed-skill', { body: 'v2' }),
          });
          await store.skills.setEnabled({ ...tenant.access, id, enabled: false });
          await store.skills.setEnabled({ ...tenant.access, id, enabled: true });
          await store.skills.delete({ ...tenant.access, id });
          await waitFor(() => seen.length >= 5);
          expect(seen.map((change) => [change.type, change.version])).toEqual([
            ['created', 1],
            ['updated', 2],
            ['disabled', 2],
            ['enabled', 2],
            ['deleted', 2],
          ]);
          expect(seen[0]).toMatchObject({
            workspaceId: tenant.workspace.id,
            scope: 'workspace',
            skillId: id,
            name: 'feed-skill',
          });
        } finally {
          unsubscribe();
        }
      });

      it('settles only after every earlier commit has reached the listeners', async () => {
        const tenant = await createTenant(store, 'settle');
        const seen: string[] = [];
        const unsubscribe = store.changes.subscribe((change) => {
          if (change.workspaceId === tenant.workspace.id) seen.push(change.name);
        });
        try {
          const names = Array.from({ length: 5 }, (_, index) => `settle-skill-${index}`);
          for (const name of names) {
            const created = await store.skills.create({
              scope: 'workspace',
              workspaceId: tenant.workspace.id,
              skillMd: skillText(name),
            });
            if (!created.ok) throw new Error('create failed');
            // No waiting: once settled, the change has been delivered.
            await store.changes.settle();
            expect(seen.at(-1)).toBe(name);
          }
          expect(seen).toEqual(names);
        } finally {
          unsubscribe();
        }
      });

      it('reports public skills with a null workspace and sends nothing for a rolled-back write', async () => {
        const seen: SkillChange[] = [];
        const unsubscribe = store.changes.subscribe((change) => seen.push(change));
        try {
          await store
            .transaction(async (transaction) => {
              await transaction.skills.create({
                scope: 'public',
                skillMd: skillText('never-public'),
              });
              throw new Error('roll back');
            })
            .catch(() => {});
          await store.skills.create({ scope: 'public', skillMd: skillText('feed-public') });
          await waitFor(() => seen.some((change) => change.name === 'feed-public'));
          expect(seen.some((change) => change.name === 'never-public')).toBe(false);
          expect(seen.find((change) => change.name === 'feed-public')?.workspaceId).toBeNull();
        } finally {
          unsubscribe();
        }
      });

      it.runIf(target.sharedDatabase)('delivers a change made by another instance', async () => {
        const other = await target.open();
        try {
          const tenant = await createTenant(store, 'cross');
          const seen: SkillChange[] = [];
          const unsubscribe = other.changes.subscribe((change) => seen.push(change));
          await store.skills.create({
            scope: 'workspace',
            workspaceId: tenant.workspace.id,
            skillMd: skillText('cross-instance'),
          });
          // Pushed by NOTIFY (nothing polls): it arrives, or the wait fails.
          await waitFor(() => seen.some((change) => change.name === 'cross-instance'), 10_000);
          const fromOther = await other.skills.getByName({
            ...tenant.access,
            name: 'cross-instance',
          });
          expect(fromOther?.currentVersion).toBe(1);
          unsubscribe();
        } finally {
          await other.close();
        }
      });
    });

    defineSkillsContract(getStore);
    defineSkillVersionsContract(getStore);
    defineAccessContract(getStore);
    definePeopleContract(getStore);
    defineWorkspaceDataContract(getStore);
    defineSecretsContract((secretKey) => target.open({ secretKey }));
    defineSecretApprovalsContract((secretKey) => target.open({ secretKey }));
    defineApprovalsContract(getStore);
  });
}
