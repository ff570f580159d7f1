import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../database/store-database.ts';
import type { CreateSkillOptions } from '../skills/skill-types.ts';
import type { Store } from '../store/store.ts';
import { countRows, createTenant, createWorkspaceSkill, skillText } from './store-fixtures.ts';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

/** Registers the skills part of the store contract. */
export function defineSkillsContract(getStore: () => Store): void {
  describe('skills', () => {
    let store: Store;
    let tenant: Tenant;
    beforeAll(async () => {
      store = getStore();
      tenant = await createTenant(store, 'skills');
    });
    const create = (
      name: string,
      options: Parameters<typeof skillText>[1] = {},
      extra: Partial<CreateSkillOptions> = {},
    ) => createWorkspaceSkill(store, tenant.workspace.id, name, options, extra);

    it('creates a skill from SKILL.md and files, and reads it back by id, name and file', async () => {
      const skill = await create(
        'pdf-tools',
        { frontmatter: 'tags: [pdf, Docs]\ncategory: files\n' },
        {
          files: [{ path: 'scripts/extract.py', content: 'print(1)\n' }],
          source: 'upload',
        },
      );
      expect(skill).toMatchObject({
        name: 'pdf-tools',
        scope: 'workspace',
        currentVersion: 1,
        enabled: true,
        source: 'upload',
        tags: ['pdf', 'Docs'],
        category: 'files',
      });
      expect(await store.skills.get({ ...tenant.access, id: skill.id })).toEqual(skill);
      expect((await store.skills.getByName({ ...tenant.access, name: 'PDF-Tools' }))?.id).toBe(
        skill.id,
      );
      const files = await store.skills.listFiles({ ...tenant.access, id: skill.id });
      expect(files?.map((file) => [file.path, file.mime])).toEqual([
        ['SKILL.md', 'text/markdown'],
        ['scripts/extract.py', 'text/x-python'],
      ]);
      const file = await store.skills.getFile({
        ...tenant.access,
        id: skill.id,
        path: 'scripts/extract.py',
      });
      expect(new TextDecoder().decode(file?.content)).toBe('print(1)\n');
      expect(
        await store.skills.getFile({ ...tenant.access, id: skill.id, path: '../etc/passwd' }),
      ).toBeUndefined();
      expect((await store.skills.readFiles({ ...tenant.access, id: skill.id }))?.length).toBe(2);
    });

    it('reports an invalid SKILL.md with its issues and writes nothing', async () => {
      const before = await Promise.all(
        ['skills', 'skill_versions', 'blobs'].map((table) => countRows(store, table)),
      );
      const result = await store.skills.create({
        scope: 'workspace',
        workspaceId: tenant.workspace.id,
        skillMd: '---\nname: Bad Name\n---\nno description\n',
        files: [{ path: 'x.txt', content: 'unique content for the invalid case' }],
      });
      expect(result.ok).toBe(false);
      if (result.ok || result.reason !== 'invalid') throw new Error('expected invalid');
      expect(result.issues.map((issue) => issue.code)).toContain('missing_description');
      const badPath = await store.skills.create({
        scope: 'workspace',
        workspaceId: tenant.workspace.id,
        skillMd: skillText('bad-path'),
        files: [{ path: '../escape.txt', content: 'x' }],
      });
      expect(badPath).toMatchObject({
        ok: false,
        reason: 'invalid',
        issues: [{ code: 'invalid_file_path' }],
      });
      const after = await Promise.all(
        ['skills', 'skill_versions', 'blobs'].map((table) => countRows(store, table)),
      );
      expect(after).toEqual(before);
    });

    it('refuses a second skill with the same name in the same scope, case-insensitively', async () => {
      await create('unique-name');
      const again = await store.skills.create({
        scope: 'workspace',
        workspaceId: tenant.workspace.id,
        skillMd: skillText('unique-name'),
      });
      expect(again).toEqual({ ok: false, reason: 'name_taken', name: 'unique-name' });
      const personal = await store.skills.create({
        scope: 'personal',
        workspaceId: tenant.workspace.id,
        ownerUserId: tenant.user.id,
        skillMd: skillText('unique-name'),
      });
      expect(personal.ok).toBe(true);
      const resolved = await store.skills.resolve({ ...tenant.access, name: 'unique-name' });
      expect(resolved?.skill.scope).toBe('personal');
      expect(resolved?.shadows.map((skill) => skill.scope)).toEqual(['workspace']);
      const forOthers = await store.skills.resolve({
        workspaceId: tenant.workspace.id,
        userId: 'someone-else',
        name: 'unique-name',
      });
      expect(forOthers?.skill.scope).toBe('workspace');
    });

    it('lists with scope, source, enabled, tag, category and q filters, and pages by offset and cursor', async () => {
      const own = await createTenant(store, 'listing');
      const make = async (
        name: string,
        frontmatter: string,
        extra: Record<string, unknown> = {},
        body?: string,
      ) => {
        const result = await store.skills.create({
          scope: 'workspace',
          workspaceId: own.workspace.id,
          skillMd: skillText(name, { frontmatter, ...(body === undefined ? {} : { body }) }),
          ...extra,
        });
        if (!result.ok) throw new Error(JSON.stringify(result));
        return result.skill;
      };
      await make('alpha-deploy', 'tags: [ops]\ncategory: infra\n', { source: 'upload' });
      const beta = await make(
        'beta-report',
        'tags: [docs, OPS]\n',
        {},
        'Quarterly spreadsheet summary',
      );
      await make('gamma-lint', 'category: quality\n', { source: 'import' });
      await store.skills.setEnabled({ ...own.access, id: beta.id, enabled: false });
      const names = async (options: Record<string, unknown>) =>
        (await store.skills.list({ ...own.access, scope: 'workspace', ...options })).items.map(
          (skill) => skill.name,
        );
      expect(await names({})).toEqual(['alpha-deploy', 'beta-report', 'gamma-lint']);
      expect(await names({ source: 'upload' })).toEqual(['alpha-deploy']);
      expect(await names({ enabled: false })).toEqual(['beta-report']);
      expect(await names({ enabled: true })).toEqual(['alpha-deploy', 'gamma-lint']);
      expect(await names({ tag: 'ops' })).toEqual(['alpha-deploy', 'beta-report']);
      expect(await names({ category: 'INFRA' })).toEqual(['alpha-deploy']);
      expect(await names({ q: 'SPREADSHEET quarterly' })).toEqual(['beta-report']);
      expect(await names({ q: 'deploy' })).toEqual(['alpha-deploy']);
      expect(await names({ q: '100%' })).toEqual([]);
      const page = await store.skills.list({ ...own.access, scope: 'workspace', limit: 2 });
      expect(page.total).toBe(3);
      expect(page.items.map((skill) => skill.name)).toEqual(['alpha-deploy', 'beta-report']);
      const next = await store.skills.list({
        ...own.access,
        scope: 'workspace',
        limit: 2,
        cursor: page.nextCursor as string,
      });
      expect(next.items.map((skill) => skill.name)).toEqual(['gamma-lint']);
      expect(next.nextCursor).toBeUndefined();
      expect(await names({ limit: 2, offset: 2 })).toEqual(['gamma-lint']);
    });

    it('refuses to delete a skill an agent references unless forced', async () => {
      const skill = await create('needed-skill');
      const agent = await store.agents.create({
        workspaceId: tenant.workspace.id,
        name: 'builder',
        settings: { skills: ['Needed-Skill'] },
      });
      const refused = await store.skills.delete({ ...tenant.access, id: skill.id });
      expect(refused).toEqual({
        ok: false,
        reason: 'referenced',
        agents: [{ id: agent.id, name: 'builder', workspaceId: tenant.workspace.id }],
      });
      expect(await store.skills.get({ ...tenant.access, id: skill.id })).toBeDefined();
      const forced = await store.skills.delete({ ...tenant.access, id: skill.id, force: true });
      expect(forced.ok).toBe(true);
      expect(await store.skills.get({ ...tenant.access, id: skill.id })).toBeUndefined();
      expect(await store.skills.listVersions({ ...tenant.access, id: skill.id })).toBeUndefined();
      const audit = await store.audit.list({
        workspaceId: tenant.workspace.id,
        targetId: skill.id,
      });
      expect(audit.map((entry) => entry.action)).toEqual(['skill.delete', 'skill.create']);
      expect(audit[0]?.details).toMatchObject({ forced: true, agents: [agent.id] });
    });

    it('never returns another workspace’s skills, and lets every workspace see public ones', async () => {
      const other = await createTenant(store, 'other');
      const mine = await create('tenant-private');
      const publicSkill = await store.skills.create({
        scope: 'public',
        skillMd: skillText('shared-public'),
      });
      if (!publicSkill.ok) throw new Error('create failed');
      expect(await store.skills.get({ ...other.access, id: mine.id })).toBeUndefined();
      expect(
        await store.skills.getByName({ ...other.access, name: 'tenant-private' }),
      ).toBeUndefined();
      expect(await store.skills.listFiles({ ...other.access, id: mine.id })).toBeUndefined();
      expect(
        await store.skills.update({ ...other.access, id: mine.id, expectedVersion: 1 }),
      ).toEqual({ ok: false, reason: 'not_found' });
      expect(
        await store.skills.setEnabled({ ...other.access, id: mine.id, enabled: false }),
      ).toBeUndefined();
      expect(await store.skills.delete({ ...other.access, id: mine.id, force: true })).toEqual({
        ok: false,
        reason: 'not_found',
      });
      const listed = await store.skills.list({ ...other.access, limit: 10_000 });
      expect(listed.items.some((skill) => skill.workspaceId === tenant.workspace.id)).toBe(false);
      expect(listed.items.some((skill) => skill.id === publicSkill.skill.id)).toBe(true);
      expect(
        (await store.skills.get({ ...other.access, id: publicSkill.skill.id }))?.workspaceId,
      ).toBeNull();
      const instanceOnly = await store.skills.list({ workspaceId: null, limit: 10_000 });
      expect(
        instanceOnly.items.every((skill) => skill.scope === 'builtin' || skill.scope === 'public'),
      ).toBe(true);
    });

    it('creates many skills in one batch, reporting each failure', async () => {
      const batch = await createTenant(store, 'batch');
      const inputs = Array.from({ length: 200 }, (_, index) => ({
        scope: 'workspace' as const,
        workspaceId: batch.workspace.id,
        skillMd: skillText(`bulk-${index}`),
        source: 'import',
      }));
      inputs.push({ ...inputs[0], skillMd: skillText('bulk-0') } as (typeof inputs)[number]);
      inputs.push({ ...inputs[0], skillMd: '---\nname: broken\n---\n' } as (typeof inputs)[number]);
      const results = await store.skills.createMany(inputs);
      expect(results.filter((result) => result.ok)).toHaveLength(200);
      expect(results[200]).toEqual({ ok: false, reason: 'name_taken', name: 'bulk-0' });
      expect(results[201]).toMatchObject({ ok: false, reason: 'invalid' });
      expect((await store.skills.list({ ...batch.access, source: 'import' })).total).toBe(200);
    });

    it('creates 1,000 skills with a file each in one batch, a few statements per table', async () => {
      const bench = await createTenant(store, 'bench');
      const statements = await countInsertStatements(store, TABLES_WRITTEN_BY_CREATE, () =>
        store.skills.createMany(
          Array.from({ length: 1000 }, (_, index) => ({
            scope: 'workspace' as const,
            workspaceId: bench.workspace.id,
            skillMd: skillText(`bench-${index}`, { frontmatter: 'tags: [bench]\n' }),
            files: [{ path: 'reference.md', content: `reference ${index}` }],
            source: 'import',
          })),
        ),
      );
      expect(statements.result.every((result) => result.ok)).toBe(true);
      expect((await store.skills.list({ ...bench.access, tag: 'bench', limit: 1 })).total).toBe(
        1000,
      );
      // Batched, not one INSERT per row: a few per table (the 2,000 files count each SKILL.md).
      for (const table of TABLES_WRITTEN_BY_CREATE) {
        expect(statements.counts[table], table).toBeGreaterThanOrEqual(1);
        expect(statements.counts[table], table).toBeLessThanOrEqual(4);
      }
    });
  });
}

/** The tables one skill creation inserts into. */
const TABLES_WRITTEN_BY_CREATE = [
  'audit_log',
  'blobs',
  'skill_versions',
  'skills',
  'version_files',
] as const;

/** Runs `work` and counts the INSERT statements it makes per table (statement triggers). */
async function countInsertStatements<Result>(
  store: Store,
  tables: readonly string[],
  work: () => Promise<Result>,
): Promise<{ result: Result; counts: Record<string, number> }> {
  const run = (text: string) => queryRows(store.database, sql.raw(text));
  await run('create table test_insert_statements (table_name text not null)');
  await run(`create function test_count_insert_statement() returns trigger language plpgsql as $$
    begin insert into test_insert_statements values (tg_table_name); return null; end $$`);
  for (const table of tables) {
    await run(`create trigger test_count_inserts after insert on ${table}
      for each statement execute function test_count_insert_statement()`);
  }
  try {
    const result = await work();
    const rows = await queryRows<{ table_name: string; count: number }>(
      store.database,
      sql.raw(
        'select table_name, count(*)::int as count from test_insert_statements group by table_name',
      ),
    );
    return { result, counts: Object.fromEntries(rows.map((row) => [row.table_name, row.count])) };
  } finally {
    for (const table of tables) await run(`drop trigger test_count_inserts on ${table}`);
    await run('drop function test_count_insert_statement()');
    await run('drop table test_insert_statements');
  }
}
