import { describe, expect, it } from 'vitest';
import { createActivationSession } from '../invoke/activation-session.ts';
import type { PermissionRule } from '../policy/permission-rule.ts';
import { createPolicyContext } from '../policy/policy-context.ts';
import { createRegistry } from '../registry/create-registry.ts';
import { createMemorySource } from '../source/create-memory-source.ts';
import { buildSkill } from '../test/build-skill.ts';
import { createMemorySkillStore } from './create-memory-skill-store.ts';
import { createSkillTools, type SkillToolsOptions } from './create-skill-tools.ts';
import type { SkillTool } from './skill-tool.ts';

const skills = [
  { text: buildSkill({ name: 'lint', body: 'Lint the project.\n' }), files: { 'rules.md': 'x' } },
  {
    text: buildSkill({
      name: 'deploy',
      body: 'Deploy to $env (dry run: $dry-run).\n',
      fields: {
        arguments: [
          { name: 'env', required: true, enum: ['staging', 'production'] },
          { name: 'dry-run', type: 'boolean' },
        ],
      },
    }),
  },
  {
    text: buildSkill({
      name: 'review',
      body: 'Review $ARGUMENTS thoroughly.\n',
      fields: { context: 'fork', model: 'small', 'allowed-tools': 'Read Grep' },
    }),
  },
  { text: buildSkill({ name: 'secret', body: 'Secret.\n' }) },
  { text: buildSkill({ name: 'manual', fields: { 'disable-model-invocation': true } }) },
];

async function setUp(rules: PermissionRule[] = [], extra: Partial<SkillToolsOptions> = {}) {
  const source = createMemorySource({ scope: 'project', skills });
  const registry = createRegistry({ sources: [source] });
  const session = createActivationSession({ id: 'session-1' });
  const tools = await createSkillTools({
    registry,
    policy: createPolicyContext({ rules }),
    session,
    ...extra,
  });
  const useSkill = tools.find((tool) => tool.name === 'use_skill') as SkillTool;
  return { tools, useSkill, session };
}

describe('use_skill', () => {
  it('lists only the skills the model may use in the enum', async () => {
    const { useSkill } = await setUp([{ skill: 'secret', action: 'deny' }]);
    expect(useSkill.inputSchema.properties?.skill).toMatchObject({
      type: 'string',
      enum: ['deploy', 'lint', 'review'],
    });
    expect(useSkill.inputSchema.required).toEqual(['skill']);
    expect(useSkill.inputSchema.properties?.arguments).toMatchObject({ type: 'string' });
    expect(useSkill.strictInputSchema?.properties?.skill).toEqual(
      useSkill.inputSchema.properties?.skill,
    );
    expect(useSkill.strictInputSchema?.required).toEqual(['skill', 'arguments']);
    expect(useSkill.strictInputSchema?.properties?.arguments).toMatchObject({
      anyOf: [{ type: 'string' }, { type: 'null' }],
    });
  });

  it('refuses a denied skill named anyway exactly like an unknown one', async () => {
    const { useSkill } = await setUp([{ skill: 'secret', action: 'deny' }]);
    const denied = await useSkill.execute({ skill: 'secret' });
    const unknown = await useSkill.execute({ skill: 'nothing' });
    expect(denied).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'Invalid input for use_skill:\n- skill: Unknown skill "secret". search_skills finds skills by topic.',
      },
    });
    expect(unknown.ok).toBe(false);
    expect(!unknown.ok && unknown.error.message).toContain('Unknown skill "nothing"');
  });

  it('suggests the closest allowed names for a misspelt skill, never the whole list', async () => {
    const { useSkill } = await setUp([{ skill: 'secret', action: 'deny' }]);
    const result = await useSkill.execute({ skill: 'deplyo' });
    expect(!result.ok && result.error.message).toBe(
      'Invalid input for use_skill:\n- skill: Unknown skill "deplyo". Did you mean "deploy"?',
    );
  });

  it('refuses a disable-model-invocation skill', async () => {
    const { useSkill } = await setUp();
    const result = await useSkill.execute({ skill: 'manual' });
    expect(!result.ok && result.error.message).toContain('Unknown skill "manual"');
  });

  it('re-checks policy at call time: a skill disabled after the tools were made is refused', async () => {
    const store = createMemorySkillStore({ source: createMemorySource({ scope: 'project' }) });
    const { useSkill } = await setUp([], { store });
    await store.setEnabled('lint', false);
    const result = await useSkill.execute({ skill: 'lint' });
    expect(result).toMatchObject({ ok: false, error: { code: 'unknown_skill' } });
  });

  it('renders an inline activation, matching the name case-insensitively', async () => {
    const { useSkill, session } = await setUp();
    const result = await useSkill.execute({ skill: 'LINT' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toBe(
      '<skill name="lint" dir="memory/lint">\n<skill_files>\nrules.md\n</skill_files>\n\nLint the project.\n</skill>',
    );
    expect(session.isActive('lint')).toBe(true);
    const again = await useSkill.execute({ skill: 'lint' });
    expect(again.ok && again.text).toContain('already active');
  });

  it('binds a string of arguments with the /name grammar', async () => {
    const { useSkill } = await setUp();
    const result = await useSkill.execute({ skill: 'deploy', arguments: 'staging --dry-run' });
    expect(result.ok && result.text).toContain('Deploy to staging (dry run: true).');
  });

  it('binds an object of arguments against the declared ones', async () => {
    const { useSkill } = await setUp();
    const result = await useSkill.execute({
      skill: 'deploy',
      arguments: { env: 'production', 'dry-run': false },
    });
    expect(result.ok && result.text).toContain('Deploy to production (dry run: false).');
  });

  it('returns bad arguments with the usage line', async () => {
    const { useSkill } = await setUp();
    const result = await useSkill.execute({ skill: 'deploy', arguments: { env: 'moon' } });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_enum_value');
    expect(result.error.usage).toBe('Usage: /deploy <env:staging|production> [--dry-run]');
    expect(result.error.message).toContain('Usage: /deploy');
    const missing = await useSkill.execute({ skill: 'deploy' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'missing_argument' } });
  });

  it('reports wrongly typed input precisely', async () => {
    const { useSkill } = await setUp();
    expect(await useSkill.execute({ skill: 'lint', arguments: 3 })).toEqual({
      ok: false,
      error: {
        code: 'invalid_input',
        message:
          'Invalid input for use_skill:\n- arguments: must be a string (as typed after /name) or an object of argument values',
      },
    });
    const missing = await useSkill.execute({});
    expect(!missing.ok && missing.error.message).toContain('- skill:');
    const extra = await useSkill.execute({ skill: 'lint', args: 'x' });
    expect(!extra.ok && extra.error.message).toContain('- unknown field "args"');
    const notObject = await useSkill.execute('lint');
    expect(notObject).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('returns the fork request of a context: fork skill', async () => {
    const { useSkill, session } = await setUp();
    const result = await useSkill.execute({ skill: 'review', arguments: 'the PR' });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.text).toMatchInlineSnapshot(`
      "Skill "review" runs as a separate sub-agent task (context: fork): run the task below with no conversation history and use its result.
      Sub-agent settings: model: small; allowed tools: Read, Grep.
      <fork_task skill="review">
      Review the PR thoroughly.
      </fork_task>"
    `);
    expect(result.data).toMatchObject({ activation: { kind: 'fork', model: 'small' } });
    expect(session.isActive('review')).toBe(false);
  });

  it('runs a fork through runFork when the host provides it', async () => {
    const { useSkill } = await setUp([], {
      runFork: async (fork) => `done: ${fork.task.trim()}`,
    });
    const result = await useSkill.execute({ skill: 'review', arguments: 'it' });
    expect(result).toMatchObject({ ok: true, text: 'done: Review it thoroughly.' });
  });

  it('asks for approval where a rule says ask, and refuses without an approver', async () => {
    const rules: PermissionRule[] = [{ skill: 'lint', action: 'ask' }];
    const refused = await (await setUp(rules)).useSkill.execute({ skill: 'lint' });
    expect(refused).toMatchObject({ ok: false, error: { code: 'approval_required' } });
    const asked: string[] = [];
    const { useSkill } = await setUp(rules, {
      approve: (request) => {
        asked.push(`${request.tool}:${request.skill}`);
        return false;
      },
    });
    expect(await useSkill.execute({ skill: 'lint' })).toMatchObject({
      ok: false,
      error: { code: 'approval_denied' },
    });
    expect(asked).toEqual(['use_skill:lint']);
  });

  it('is left out when the model may use no skill', async () => {
    const { tools } = await setUp([{ skill: '*', surface: 'model', action: 'deny' }]);
    expect(tools.map((tool) => tool.name)).toEqual(['read_skill_file']);
  });
});
