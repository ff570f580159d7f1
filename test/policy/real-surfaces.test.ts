import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createMemorySource,
  createPolicyContext,
  createPolicyGate,
  createRegistry,
  createSandboxSkillsApi,
  createSkillTools,
  type PolicyContext,
  renderCatalog,
  type SkillRegistry,
  type SkillTool,
} from '@skillset/core';
import { buildSkill, createTempDir, writeSkillTree } from '@skillset/core/test';
import { beforeAll, describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';

const denied = 'secret-deploy';
const allowed = 'notes';
const rules = [{ skill: 'secret-*', surface: '*' as const, action: 'deny' as const }];
const shellTool = {
  name: 'run_shell',
  inputSchema: { type: 'object' as const, properties: { command: { type: 'string' } } },
  execute: (input: unknown) => `ran ${JSON.stringify(input)}`,
};

function skills() {
  return [denied, allowed].map((name) => ({
    name,
    text: buildSkill({ name, fields: { 'tool-dispatch': 'run_shell' } }),
    files: { 'notes.txt': 'extra file' },
  }));
}

function tool(tools: SkillTool[], name: string): SkillTool | undefined {
  return tools.find((candidate) => candidate.name === name);
}

describe('a denied skill on every real surface', () => {
  let registry: SkillRegistry;
  let policy: PolicyContext;
  let tools: SkillTool[];

  beforeAll(async () => {
    registry = createRegistry({
      sources: [createMemorySource({ scope: 'project', skills: skills() })],
    });
    policy = createPolicyContext({ config: { rules } });
    tools = await createSkillTools({ registry, policy, availableTools: [shellTool] });
  });

  it('is absent from the catalog', async () => {
    const entries = await createPolicyGate({ registry, policy }).list('catalog');
    const { text } = renderCatalog({ skills: entries, budget: 2000 });
    expect(text).toContain(allowed);
    expect(text).not.toContain(denied);
  });

  it('is absent from the use_skill enum and refused when named anyway', async () => {
    const useSkill = tool(tools, 'use_skill');
    expect(JSON.stringify(useSkill?.inputSchema)).not.toContain(denied);
    expect(await useSkill?.execute({ skill: allowed })).toMatchObject({ ok: true });
    // The enum already rejects the name; the policy gate would refuse it after that.
    expect(await useSkill?.execute({ skill: denied })).toMatchObject({ ok: false });
  });

  it('is absent from search_skills and its files are refused by read_skill_file', async () => {
    const search = await tool(tools, 'search_skills')?.execute({ query: 'skill' });
    expect(JSON.stringify(search)).toContain(allowed);
    expect(JSON.stringify(search)).not.toContain(denied);
    const readFile = tool(tools, 'read_skill_file');
    expect(await readFile?.execute({ skill: allowed, path: 'notes.txt' })).toMatchObject({
      ok: true,
    });
    expect(await readFile?.execute({ skill: denied, path: 'notes.txt' })).toMatchObject({
      ok: false,
    });
  });

  it('gets no dispatch wrapper', () => {
    expect(tool(tools, `skill_${allowed}`)).toBeDefined();
    expect(tool(tools, `skill_${denied}`)).toBeUndefined();
  });

  it('is absent from the sandbox API and refused by its read', async () => {
    const sandbox = createSandboxSkillsApi({ registry, policy });
    const listed = (await sandbox.list()).map((skill) => skill.name);
    expect(listed).toEqual([allowed]);
    await expect(sandbox.read(denied)).rejects.toThrow();
    expect((await sandbox.read(allowed)).name).toBe(allowed);
  });

  it('is refused as /name by the CLI, which also hides it from its catalog', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(path.join(dir.path, '.agents/skills'), skills());
    await writeFile(path.join(dir.path, 'skillset.json'), JSON.stringify({ rules }));
    const env = { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const invoke = await runSkillset(['invoke', `/${denied} now`], { cwd: dir.path, env });
    expect(invoke.exitCode).toBe(1);
    expect(invoke.stderr).toContain('not allowed');
    const control = await runSkillset(['invoke', `/${allowed} now`, '--json'], {
      cwd: dir.path,
      env,
    });
    expect(control.exitCode).toBe(0);
    const catalog = await runSkillset(['catalog', '--json'], { cwd: dir.path, env });
    expect(catalog.stdout).toContain(allowed);
    expect(catalog.stdout).not.toContain(denied);
  });
});
