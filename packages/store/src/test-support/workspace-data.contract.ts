import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_SKILLS_DIR } from '@skillset/core/node';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedBuiltinSkills } from '../bootstrap/seed-builtin-skills.ts';
import type { Store } from '../store/store.ts';
import { createTenant, createWorkspaceSkill, skillText } from './store-fixtures.ts';

/** Registers the agents, permissions, usage, audit and seeding part of the store contract. */
export function defineWorkspaceDataContract(getStore: () => Store): void {
  describe('agents, permissions, usage and audit', () => {
    let store: Store;
    beforeAll(() => {
      store = getStore();
    });

    it('keeps agents and rules inside their workspace', async () => {
      const tenant = await createTenant(store, 'agents');
      const other = await createTenant(store, 'agents-other');
      const agent = await store.agents.create({
        workspaceId: tenant.workspace.id,
        name: 'Reviewer',
        settings: { allowlist: ['review-*'], catalogBudget: 3000 },
      });
      expect(agent.settings).toEqual({
        skillsEnabled: true,
        allowlist: ['review-*'],
        includePersonal: false,
        skills: [],
        catalogBudget: 3000,
      });
      await expect(
        store.agents.create({ workspaceId: tenant.workspace.id, name: 'reviewer' }),
      ).rejects.toMatchObject({ code: 'agent_name_taken' });
      expect(await store.agents.get(other.workspace.id, agent.id)).toBeUndefined();
      expect(
        await store.agents.update({ workspaceId: other.workspace.id, id: agent.id, name: 'x' }),
      ).toBeUndefined();
      const updated = await store.agents.update({
        workspaceId: tenant.workspace.id,
        id: agent.id,
        settings: { skills: ['deploy'] },
      });
      expect(updated?.settings).toMatchObject({ allowlist: ['review-*'], skills: ['deploy'] });

      const rule = await store.permissions.create({
        workspaceId: tenant.workspace.id,
        agentId: agent.id,
        skill: 'deploy-*',
        surface: 'model',
        action: 'ask',
      });
      await store.permissions.create({
        workspaceId: tenant.workspace.id,
        skill: 'secret',
        action: 'deny',
      });
      // The `run` surface (a skill's scripts) passes the table's check constraint.
      const runRule = await store.permissions.create({
        workspaceId: tenant.workspace.id,
        agentId: agent.id,
        skill: 'csv-*',
        surface: 'run',
        action: 'allow',
      });
      await expect(
        store.permissions.create({
          workspaceId: other.workspace.id,
          agentId: agent.id,
          skill: 'x',
          action: 'deny',
        }),
      ).rejects.toMatchObject({ code: 'agent_not_found' });
      expect(
        await store.permissions.policyRules({
          workspaceId: tenant.workspace.id,
          agentId: agent.id,
        }),
      ).toEqual([
        { principal: agent.id, skill: 'deploy-*', surface: 'model', action: 'ask' },
        { principal: '*', skill: 'secret', surface: '*', action: 'deny' },
        { principal: agent.id, skill: 'csv-*', surface: 'run', action: 'allow' },
      ]);
      expect(
        await store.permissions.delete({ workspaceId: tenant.workspace.id, id: runRule.id }),
      ).toBe(true);
      expect(await store.permissions.list({ workspaceId: other.workspace.id })).toEqual([]);
      expect(await store.permissions.delete({ workspaceId: other.workspace.id, id: rule.id })).toBe(
        false,
      );
      const replaced = await store.permissions.replace({
        workspaceId: tenant.workspace.id,
        agentId: agent.id,
        rules: [{ skill: 'lint', action: 'allow' }],
      });
      expect(replaced.map((entry) => entry.skill)).toEqual(['lint']);
      expect(
        (await store.permissions.list({ workspaceId: tenant.workspace.id })).map(
          (entry) => entry.skill,
        ),
      ).toEqual(['secret', 'lint']);
    });

    it('counts usage per skill per day per trigger', async () => {
      const tenant = await createTenant(store, 'usage');
      const other = await createTenant(store, 'usage-other');
      const day = (date: string, hour: number) =>
        new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
      await store.usage.recordMany([
        {
          workspaceId: tenant.workspace.id,
          skillName: 'pdf',
          trigger: 'model',
          at: day('2025-03-01', 1),
        },
        {
          workspaceId: tenant.workspace.id,
          skillName: 'pdf',
          trigger: 'model',
          at: day('2025-03-01', 23),
        },
        {
          workspaceId: tenant.workspace.id,
          skillName: 'pdf',
          trigger: 'user',
          at: day('2025-03-01', 5),
        },
        {
          workspaceId: tenant.workspace.id,
          skillName: 'pdf',
          trigger: 'model',
          at: day('2025-03-02', 0),
        },
        {
          workspaceId: tenant.workspace.id,
          skillName: 'lint',
          trigger: 'model',
          at: day('2025-03-02', 3),
        },
        {
          workspaceId: tenant.workspace.id,
          skillName: 'lint',
          trigger: 'model',
          at: day('2025-03-09', 3),
        },
        {
          workspaceId: other.workspace.id,
          skillName: 'pdf',
          trigger: 'model',
          at: day('2025-03-01', 2),
        },
        {
          workspaceId: tenant.workspace.id,
          skillName: 'pdf',
          trigger: 'model',
          outcome: 'missing_argument',
          at: day('2025-03-01', 3),
        },
      ]);
      await store.usage.record({
        workspaceId: tenant.workspace.id,
        skillName: 'pdf',
        trigger: 'read',
        principal: { kind: 'user', id: tenant.user.id },
        at: day('2025-03-02', 12),
      });
      const counts = await store.usage.counts({
        workspaceId: tenant.workspace.id,
        from: day('2025-03-01', 0),
        to: day('2025-03-03', 0),
      });
      expect(counts).toEqual([
        { skillName: 'pdf', day: '2025-03-01', trigger: 'model', count: 2 },
        { skillName: 'pdf', day: '2025-03-01', trigger: 'user', count: 1 },
        { skillName: 'lint', day: '2025-03-02', trigger: 'model', count: 1 },
        { skillName: 'pdf', day: '2025-03-02', trigger: 'model', count: 1 },
        { skillName: 'pdf', day: '2025-03-02', trigger: 'read', count: 1 },
      ]);
      const onlyLint = await store.usage.counts({
        workspaceId: tenant.workspace.id,
        from: day('2025-03-01', 0),
        to: day('2025-04-01', 0),
        skillName: 'LINT',
      });
      expect(onlyLint.map((count) => count.day)).toEqual(['2025-03-02', '2025-03-09']);
    });

    it('summarizes usage per skill, principal and day, with the unused skills', async () => {
      const tenant = await createTenant(store, 'summary');
      const other = await createTenant(store, 'summary-other');
      const workspaceId = tenant.workspace.id;
      for (const name of ['pdf', 'lint', 'idle'])
        await createWorkspaceSkill(store, workspaceId, name);
      await createWorkspaceSkill(store, workspaceId, 'off', {}, { enabled: false });
      await createWorkspaceSkill(store, other.workspace.id, 'elsewhere');
      const agent = await store.agents.create({ workspaceId, name: 'Reviewer' });
      const at = (date: string, hour: number) =>
        new Date(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
      const person = { kind: 'user' as const, id: tenant.user.id };
      const bot = { kind: 'agent' as const, id: agent.id };
      await store.usage.recordMany([
        {
          workspaceId,
          skillName: 'pdf',
          trigger: 'user',
          principal: person,
          at: at('2025-03-01', 1),
        },
        {
          workspaceId,
          skillName: 'pdf',
          trigger: 'model',
          principal: bot,
          at: at('2025-03-01', 9),
        },
        {
          workspaceId,
          skillName: 'pdf',
          trigger: 'model',
          principal: bot,
          at: at('2025-03-03', 9),
        },
        {
          workspaceId,
          skillName: 'lint',
          trigger: 'model',
          principal: bot,
          at: at('2025-03-03', 23),
        },
        {
          workspaceId,
          skillName: 'idle',
          trigger: 'model',
          principal: bot,
          at: at('2025-02-28', 23),
        },
        { workspaceId, skillName: 'gone', trigger: 'read', at: at('2025-03-02', 4) },
        {
          workspaceId,
          skillName: 'pdf',
          trigger: 'user',
          principal: bot,
          outcome: 'missing_argument',
          at: at('2025-03-02', 6),
        },
        {
          workspaceId,
          skillName: 'pdf',
          trigger: 'user',
          principal: bot,
          outcome: 'missing_argument',
          at: at('2025-03-03', 10),
        },
        {
          workspaceId,
          skillName: 'lint',
          trigger: 'user',
          principal: person,
          outcome: 'approval_required',
          at: at('2025-03-03', 8),
        },
        {
          workspaceId: other.workspace.id,
          skillName: 'pdf',
          trigger: 'user',
          outcome: 'missing_argument',
          at: at('2025-03-02', 6),
        },
        {
          workspaceId: other.workspace.id,
          skillName: 'lint',
          trigger: 'model',
          at: at('2025-03-02', 2),
        },
      ]);
      const summary = await store.usage.summary({
        workspaceId,
        userId: tenant.user.id,
        from: at('2025-03-01', 0),
        to: at('2025-03-04', 0),
      });
      expect(summary.total).toBe(5);
      expect(summary.failures).toBe(3);
      expect(summary.skills).toEqual([
        { skillName: 'pdf', uses: 3, failures: 2, lastUsedAt: at('2025-03-03', 10) },
        { skillName: 'lint', uses: 1, failures: 1, lastUsedAt: at('2025-03-03', 23) },
        { skillName: 'gone', uses: 1, failures: 0, lastUsedAt: at('2025-03-02', 4) },
      ]);
      expect(summary.principals).toEqual([
        { kind: 'agent', id: agent.id, name: 'Reviewer', uses: 3, failures: 2 },
        { kind: 'user', id: tenant.user.id, name: 'summary owner', uses: 1, failures: 1 },
        { kind: null, id: null, name: null, uses: 1, failures: 0 },
      ]);
      expect(summary.failed).toEqual([
        {
          skillName: 'pdf',
          outcome: 'missing_argument',
          principal: { kind: 'agent', id: agent.id, name: 'Reviewer' },
          count: 2,
          lastAt: at('2025-03-03', 10),
        },
        {
          skillName: 'lint',
          outcome: 'approval_required',
          principal: { kind: 'user', id: tenant.user.id, name: 'summary owner' },
          count: 1,
          lastAt: at('2025-03-03', 8),
        },
      ]);
      expect(summary.unused).toContain('idle');
      expect(summary.unused).not.toContain('off');
      expect(summary.unused).not.toContain('elsewhere');
      expect(summary.unused).not.toContain('pdf');
      expect(summary.daily).toEqual([
        { day: '2025-03-01', uses: 2, failures: 0 },
        { day: '2025-03-02', uses: 1, failures: 1 },
        { day: '2025-03-03', uses: 2, failures: 2 },
      ]);
    });

    it('names who failed: one failure row per skill, error code and principal', async () => {
      const tenant = await createTenant(store, 'failures');
      const other = await createTenant(store, 'failures-other');
      const workspaceId = tenant.workspace.id;
      const support = await store.agents.create({ workspaceId, name: 'support-bot' });
      const deployer = await store.agents.create({ workspaceId, name: 'deploy-bot' });
      const stranger = await store.agents.create({
        workspaceId: other.workspace.id,
        name: 'stranger',
      });
      const gone = await store.agents.create({ workspaceId, name: 'gone-bot' });
      await store.agents.delete({ workspaceId, id: gone.id });
      const at = (hour: number) => new Date(`2025-03-02T${String(hour).padStart(2, '0')}:00:00Z`);
      const refused = (principal: { kind: 'user' | 'agent'; id: string }, hour: number) => ({
        workspaceId,
        skillName: 'github-release',
        trigger: 'model',
        principal,
        outcome: 'permission_denied',
        at: at(hour),
      });
      await store.usage.recordMany([
        refused({ kind: 'agent', id: support.id }, 1),
        refused({ kind: 'agent', id: support.id }, 5),
        refused({ kind: 'agent', id: deployer.id }, 4),
        refused({ kind: 'user', id: tenant.user.id }, 3),
        refused({ kind: 'agent', id: stranger.id }, 2),
        refused({ kind: 'agent', id: gone.id }, 1),
        { ...refused({ kind: 'agent', id: support.id }, 6), workspaceId: other.workspace.id },
      ]);
      const summary = await store.usage.summary({
        workspaceId,
        from: at(0),
        to: at(12),
      });
      const outcome = 'permission_denied';
      expect(summary.failed).toEqual([
        {
          skillName: 'github-release',
          outcome,
          principal: { kind: 'agent', id: support.id, name: 'support-bot' },
          count: 2,
          lastAt: at(5),
        },
        {
          skillName: 'github-release',
          outcome,
          principal: { kind: 'agent', id: deployer.id, name: 'deploy-bot' },
          count: 1,
          lastAt: at(4),
        },
        {
          skillName: 'github-release',
          outcome,
          principal: { kind: 'user', id: tenant.user.id, name: 'failures owner' },
          count: 1,
          lastAt: at(3),
        },
        {
          skillName: 'github-release',
          outcome,
          principal: { kind: 'agent', id: stranger.id, name: null },
          count: 1,
          lastAt: at(2),
        },
        {
          skillName: 'github-release',
          outcome,
          principal: { kind: 'agent', id: gone.id, name: null },
          count: 1,
          lastAt: at(1),
        },
      ]);
    });

    it('records who changed what in the audit log, newest first, per workspace', async () => {
      const tenant = await createTenant(store, 'audit');
      const actor = { kind: 'user', id: tenant.user.id } as const;
      const created = await store.skills.create({
        scope: 'workspace',
        workspaceId: tenant.workspace.id,
        skillMd: skillText('audited'),
        actor,
      });
      if (!created.ok) throw new Error('create failed');
      await store.skills.update({
        ...tenant.access,
        id: created.skill.id,
        expectedVersion: 1,
        skillMd: skillText('audited', { body: 'v2' }),
        actor,
      });
      await store.skills.setEnabled({
        ...tenant.access,
        id: created.skill.id,
        enabled: false,
        actor,
      });
      await store.audit.append({
        workspaceId: tenant.workspace.id,
        actor,
        action: 'custom.thing',
        details: { n: 1 },
      });
      const entries = await store.audit.list({ workspaceId: tenant.workspace.id });
      expect(entries.map((entry) => entry.action)).toEqual([
        'custom.thing',
        'skill.disable',
        'skill.update',
        'skill.create',
        'member.add',
      ]);
      expect(entries[2]).toMatchObject({
        actor,
        target: { kind: 'skill', id: created.skill.id },
        details: { version: 2, previousVersion: 1 },
      });
      const older = await store.audit.list({
        workspaceId: tenant.workspace.id,
        before: entries[1]?.id as number,
        limit: 2,
      });
      expect(older.map((entry) => entry.action)).toEqual(['skill.update', 'skill.create']);
      const other = await createTenant(store, 'audit-other');
      expect(
        (await store.audit.list({ workspaceId: other.workspace.id })).map((entry) => entry.action),
      ).toEqual(['member.add']);
    });

    it('keeps a workspace’s audit trail after the workspace is deleted', async () => {
      const tenant = await createTenant(store, 'audit-deleted');
      await store.audit.append({
        workspaceId: tenant.workspace.id,
        actor: { kind: 'user', id: tenant.user.id },
        action: 'custom.before-delete',
      });
      expect(await store.workspaces.delete(tenant.workspace.id)).toBe(true);
      const kept = await store.audit.list({ workspaceId: tenant.workspace.id });
      expect(kept.map((entry) => entry.action)).toEqual(['custom.before-delete', 'member.add']);
      expect(kept.every((entry) => entry.workspaceId === tenant.workspace.id)).toBe(true);
    });

    it('seeds built-in skills, writing a new version only when the content changed', async () => {
      const folder = await mkdtemp(join(tmpdir(), 'skillset-seed-'));
      try {
        const name = `seeded-${Math.random().toString(36).slice(2, 8)}`;
        await mkdir(join(folder, name, 'ref'), { recursive: true });
        await writeFile(join(folder, name, 'SKILL.md'), skillText(name));
        await writeFile(join(folder, name, 'ref', 'notes.md'), 'notes');
        expect((await seedBuiltinSkills(store, folder)).created).toEqual([name]);
        expect((await seedBuiltinSkills(store, folder)).unchanged).toEqual([name]);
        await writeFile(join(folder, name, 'ref', 'notes.md'), 'changed notes');
        expect((await seedBuiltinSkills(store, folder)).updated).toEqual([name]);
        const skill = await store.skills.getByName({ workspaceId: null, name, scope: 'builtin' });
        expect(skill).toMatchObject({
          scope: 'builtin',
          source: 'builtin',
          currentVersion: 2,
          workspaceId: null,
        });
        const shipped = await seedBuiltinSkills(store, BUILTIN_SKILLS_DIR);
        expect(shipped.failed).toEqual([]);
        expect([...shipped.created, ...shipped.unchanged]).toContain('create-skill');
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    });

    it("keeps each skill's last trigger eval per workspace, replaced by the next", async () => {
      const tenant = await createTenant(store, 'evals');
      const other = await createTenant(store, 'evals-other');
      const skill = await createWorkspaceSkill(store, tenant.workspace.id, 'release-notes');
      const report = (recall: number) => ({
        skill: 'release-notes',
        mode: 'offline' as const,
        top: 3,
        skillCount: 4,
        runs: 1,
        cases: [],
        precision: 1,
        recall,
        passAtK: 1,
        passAllK: 1,
        passed: 1,
        failed: 0,
      });
      const save = (workspaceId: string, recall: number) =>
        store.triggerEvals.save({
          workspaceId,
          skillId: skill.id,
          version: 1,
          report: report(recall),
          createdBy: tenant.user.id,
        });
      await save(tenant.workspace.id, 0.5);
      const last = await save(tenant.workspace.id, 0.75);
      expect(last).toMatchObject({ version: 1, report: report(0.75), createdBy: tenant.user.id });
      expect(await store.triggerEvals.get(tenant.workspace.id, skill.id)).toEqual(last);
      expect(await store.triggerEvals.get(other.workspace.id, skill.id)).toBeUndefined();
      const deleted = await store.skills.delete({ ...tenant.access, id: skill.id });
      expect(deleted.ok).toBe(true);
      expect(await store.triggerEvals.get(tenant.workspace.id, skill.id)).toBeUndefined();
    });

    it('keeps chat conversations per workspace: one workspace’s never evict another’s', async () => {
      const first = await createTenant(store, 'chats-a');
      const second = await createTenant(store, 'chats-b');
      const save = (workspaceId: string, key: string) =>
        store.chats.save({
          workspaceId,
          key,
          history: [{ role: 'user', content: key }],
          activeSkills: ['pdf'],
          maxPerWorkspace: 2,
        });
      await save(second.workspace.id, 'kept');
      for (const key of ['one', 'two', 'three']) await save(first.workspace.id, key);
      expect(await store.chats.get(first.workspace.id, 'one')).toBeUndefined();
      expect(await store.chats.get(first.workspace.id, 'three')).toEqual({
        history: [{ role: 'user', content: 'three' }],
        activeSkills: ['pdf'],
      });
      expect(await store.chats.get(second.workspace.id, 'kept')).toBeDefined();
      expect(await store.chats.get(second.workspace.id, 'three')).toBeUndefined();
    });
  });
}
