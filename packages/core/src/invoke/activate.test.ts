// biome-ignore-all lint/suspicious/noTemplateCurlyInString: skill bodies use ${VAR} placeholders literally
import { describe, expect, it } from 'vitest';
import { createManifest } from '../skill/create-manifest.ts';
import type { SkillManifest } from '../skill/skill-manifest.ts';
import type { ActivatableSkill } from './activatable-skill.ts';
import { type ActivateOptions, activate } from './activate.ts';
import { createActivationSession } from './activation-session.ts';

const skill = (
  fields: Partial<SkillManifest> & { name: string },
  body: string,
  extra: Partial<ActivatableSkill> = {},
): ActivatableSkill => ({
  manifest: createManifest({ description: `The ${fields.name} skill.`, ...fields }),
  body,
  ...extra,
});

const library = (...skills: ActivatableSkill[]) => {
  const byName = new Map(skills.map((each) => [each.manifest.name, each]));
  return async (name: string) => byName.get(name.toLowerCase());
};

const run = async (options: ActivateOptions) => {
  const result = await activate(options);
  if (!result.success) throw new Error(result.error.message);
  return result.activation;
};

const failure = async (options: ActivateOptions) => {
  const result = await activate(options);
  if (result.success) throw new Error('expected an error');
  return result.error;
};

describe('activate', () => {
  const deploy = skill(
    {
      name: 'deploy',
      arguments: [
        { name: 'env', type: 'string', required: true, enum: ['staging', 'production'] },
        { name: 'dryRun', type: 'boolean', required: false },
      ],
    },
    'Deploy to $env (dry run: {{dryRun}}) from ${SKILL_DIR} in session ${SESSION_ID}.',
    { dir: '/skills/deploy', files: ['SKILL.md', 'deploy.sh'] },
  );

  it('renders an inline skill with its arguments, folder and files', async () => {
    const activation = await run({
      skill: deploy,
      arguments: 'staging --dry-run',
      sessionId: 's1',
    });
    expect(activation).toMatchObject({ kind: 'inline', name: 'deploy', activated: ['deploy'] });
    expect(activation.kind === 'inline' && activation.content).toMatchInlineSnapshot(`
      "<skill name="deploy" dir="/skills/deploy">
      <skill_files>
      deploy.sh
      </skill_files>

      Deploy to staging (dry run: true) from /skills/deploy in session s1.
      </skill>"
    `);
  });

  it('accepts arguments as an object from a tool call', async () => {
    const activation = await run({ skill: deploy, arguments: { env: 'production' } });
    expect(activation.arguments.values).toEqual({ env: 'production' });
    expect(activation.kind === 'inline' && activation.content).toContain('Deploy to production');
  });

  it('returns a binding error with the usage line instead of throwing', async () => {
    const error = await failure({ skill: deploy, arguments: 'qa' });
    expect(error.code).toBe('invalid_enum_value');
    expect(error.message).toMatchInlineSnapshot(`
      "Argument "env" must be one of staging, production; got "qa".
      Usage: /deploy <env:staging|production> [--dry-run]"
    `);
  });

  it('returns a fork request for a fork skill', async () => {
    const research = skill(
      {
        name: 'research',
        context: 'fork',
        model: 'small',
        agent: 'explorer',
        allowedTools: ['Read', 'Grep'],
      },
      'Research the topic thoroughly.',
      { dir: '/skills/research' },
    );
    const session = createActivationSession({ id: 's1' });
    const activation = await run({ skill: research, arguments: 'closures in JS', session });
    expect(activation).toEqual({
      kind: 'fork',
      name: 'research',
      task: 'Research the topic thoroughly.\n\nARGUMENTS: closures in JS',
      model: 'small',
      agent: 'explorer',
      allowedTools: ['Read', 'Grep'],
      activated: ['research'],
      arguments: { argumentString: 'closures in JS', tokens: ['closures', 'in', 'JS'], values: {} },
    });
    expect(session.activeSkills()).toEqual([]);
    expect((await run({ skill: research, session })).kind).toBe('fork');
  });

  describe('references', () => {
    const base = skill({ name: 'base' }, 'Base rules.');
    const style = skill({ name: 'style', references: ['base'] }, 'Style rules.');
    const tests = skill(
      {
        name: 'tests',
        references: ['base', 'Style'],
        arguments: [{ name: 'runner', type: 'string', required: true, default: 'vitest' }],
      },
      'Use {{runner}}.',
    );
    const review = skill({ name: 'review', references: ['tests', 'style'] }, 'Review $ARGUMENTS.');
    const getSkill = library(base, style, tests, review);

    it('activates referenced skills first, depth-first and once each', async () => {
      const activation = await run({ skill: review, arguments: 'the diff', getSkill });
      expect(activation.activated).toEqual(['base', 'style', 'tests', 'review']);
      expect(activation.kind === 'inline' && activation.content).toMatchInlineSnapshot(`
        "<skill name="base">
        Base rules.
        </skill>

        <skill name="style">
        Style rules.
        </skill>

        <skill name="tests">
        Use vitest.
        </skill>

        <skill name="review">
        Review the diff.
        </skill>"
      `);
    });

    it('puts references in a fork task even when the session has them', async () => {
      const session = createActivationSession({ id: 's1' });
      await run({ skill: style, getSkill, session });
      const fork = skill({ name: 'audit', context: 'fork', references: ['style'] }, 'Audit.');
      const activation = await run({ skill: fork, getSkill, session });
      expect(activation.kind === 'fork' && activation.task).toMatchInlineSnapshot(`
        "<skill name="base">
        Base rules.
        </skill>

        <skill name="style">
        Style rules.
        </skill>

        Audit."
      `);
    });

    it('reports a cycle with its path', async () => {
      const a = skill({ name: 'a', references: ['b'] }, 'A');
      const b = skill({ name: 'b', references: ['c'] }, 'B');
      const c = skill({ name: 'c', references: ['a'] }, 'C');
      const error = await failure({ skill: a, getSkill: library(a, b, c) });
      expect(error).toMatchObject({ code: 'reference_cycle', referencePath: ['a', 'b', 'c', 'a'] });
      expect(error.message).toMatchInlineSnapshot(
        `"Skill references form a cycle: a → b → c → a."`,
      );
      const self = skill({ name: 'self', references: ['self'] }, 'S');
      expect((await failure({ skill: self, getSkill: library(self) })).message).toBe(
        'Skill references form a cycle: self → self.',
      );
    });

    it('reports a cycle that does not pass through the activated skill', async () => {
      const a = skill({ name: 'a', references: ['b'] }, 'A');
      const b = skill({ name: 'b', references: ['c'] }, 'B');
      const c = skill({ name: 'c', references: ['b'] }, 'C');
      const error = await failure({ skill: a, getSkill: library(a, b, c) });
      expect(error.referencePath).toEqual(['b', 'c', 'b']);
    });

    it('reports an unknown reference', async () => {
      const error = await failure({ skill: style, getSkill: library(style) });
      expect(error.code).toBe('unknown_reference');
      expect(error.message).toMatchInlineSnapshot(
        `"Skill style references base, which is not available (style → base)."`,
      );
      expect((await failure({ skill: style })).code).toBe('unknown_reference');
    });
  });

  describe('sessions', () => {
    it('returns a short note when the skill is already active', async () => {
      const session = createActivationSession({ id: 's1' });
      const first = await run({ skill: deploy, arguments: 'staging', session });
      expect(first.kind === 'inline' && first.alreadyActive).toBe(false);
      expect(session.activeSkills()).toEqual(['deploy']);
      const again = await run({ skill: deploy, arguments: 'production', session });
      expect(again).toMatchObject({ kind: 'inline', alreadyActive: true, activated: [] });
      expect(again.kind === 'inline' && again.content).toMatchInlineSnapshot(`
        "Skill deploy is already active in this session; its instructions above still apply.

        ARGUMENTS: production"
      `);
      session.markInactive('DEPLOY');
      const third = await run({ skill: deploy, arguments: 'staging', session });
      expect(third.kind === 'inline' && third.alreadyActive).toBe(false);
    });

    it('leaves out references that are already active in the session', async () => {
      const base = skill({ name: 'base' }, 'Base rules.');
      const lint = skill({ name: 'lint', references: ['base'] }, 'Lint.');
      const format = skill({ name: 'format', references: ['base'] }, 'Format.');
      const getSkill = library(base, lint, format);
      const session = createActivationSession({ id: 's1' });
      expect((await run({ skill: lint, getSkill, session })).activated).toEqual(['base', 'lint']);
      const second = await run({ skill: format, getSkill, session });
      expect(second.activated).toEqual(['format']);
      expect(second.kind === 'inline' && second.content).not.toContain('Base rules.');
    });

    it('uses the session id for ${SESSION_ID}', async () => {
      const session = createActivationSession({ id: 'abc' });
      const activation = await run({ skill: deploy, arguments: 'staging', session });
      expect(activation.kind === 'inline' && activation.content).toContain('in session abc.');
    });
  });
});
