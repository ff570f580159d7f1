import { describe, expect, it } from 'vitest';
import { SkillsetError } from '../errors/skillset-error.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createMemorySkillStore } from './create-memory-skill-store.ts';
import { createSandboxSkillsApi } from './create-sandbox-skills-api.ts';

describe('createSandboxSkillsApi', () => {
  const source = createMemorySource({
    scope: 'project',
    skills: [
      {
        text: buildSkill({ name: 'alpha', body: 'A\n', fields: { tags: ['x'] } }),
        files: { 'a.md': 'a' },
      },
      { text: buildSkill({ name: 'beta', fields: { tags: ['x'] } }) },
      { text: buildSkill({ name: 'gamma' }) },
      { text: buildSkill({ name: 'manual', fields: { 'disable-model-invocation': true } }) },
    ],
  });
  const registry = createRegistry({ sources: [source] });
  const store = createMemorySkillStore({ source });
  const api = createSandboxSkillsApi({
    registry,
    store,
    policy: createPolicyContext({ rules: [{ skill: 'beta', action: 'deny' }] }),
  });

  it('lists the visible skills, optionally by tag', async () => {
    expect((await api.list()).map((skill) => skill.name)).toEqual(['alpha', 'gamma']);
    expect(await api.list('X')).toEqual([
      { name: 'alpha', description: 'Use when a test needs the alpha skill.', tags: ['x'] },
    ]);
    await store.setEnabled('gamma', false);
    expect((await api.list()).map((skill) => skill.name)).toEqual(['alpha']);
    await store.setEnabled('gamma', true);
  });

  it('reads a skill, and refuses a denied one as not found', async () => {
    expect(await api.read('ALPHA')).toMatchObject({
      name: 'alpha',
      body: 'A\n',
      files: ['SKILL.md', 'a.md'],
    });
    expect(await api.read('manual')).toMatchObject({ name: 'manual' });
    const error = await api.read('beta').catch((thrown: unknown) => thrown);
    expect(SkillsetError.isInstance(error) && error.code).toBe('skill_not_found');
  });

  it('asks for approval where a rule says ask, and refuses without an approver', async () => {
    const policy = createPolicyContext({ rules: [{ skill: 'alpha', action: 'ask' }] });
    const asked: string[] = [];
    const approved = createSandboxSkillsApi({
      registry,
      policy,
      approve: (request) => {
        asked.push(`${request.tool}:${request.skill}:${request.entryPoint}`);
        return true;
      },
    });
    expect((await approved.read('alpha')).name).toBe('alpha');
    expect(asked).toEqual(['skills.read:alpha:sandbox_read']);
    const error = await createSandboxSkillsApi({ registry, policy })
      .read('alpha')
      .catch((thrown: unknown) => thrown);
    expect(SkillsetError.isInstance(error) && error.code).toBe('approval_required');
  });
});
