import path from 'node:path';
import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';
import { sharedPath } from '../support/shared-dir.ts';
import { createCliProject } from './create-cli-project.ts';

const skills: SkillTreeEntry[] = [
  {
    name: 'deploy',
    description: 'Deploy the app.',
    fields: {
      arguments: [
        { name: 'env', required: true, enum: ['staging', 'production'] },
        { name: 'region', default: 'eu' },
        { name: 'force', type: 'boolean' },
      ],
    },
    body: 'Deploy to $env in {{region}} (force: $force).\n',
  },
  { name: 'echo', description: 'Repeat the text.', body: 'Echo: $ARGUMENTS\n' },
  {
    name: 'review',
    description: 'Review a change in a sub-agent.',
    fields: { context: 'fork' },
    body: 'Review $ARGUMENTS carefully.\n',
  },
  { name: 'secret', description: 'Never to be used.' },
  {
    name: 'greet',
    description: 'Greet someone.',
    fields: {
      arguments: [
        { name: 'who', required: true },
        { name: 'times', type: 'number' },
        { name: 'loud', type: 'boolean' },
      ],
    },
    body: 'Greet $who $times times (loud: $loud).\n',
  },
  {
    name: 'uni-çase',
    description: 'A name in the letters the spec allows.',
    body: 'Ça va: $ARGUMENTS\n',
  },
];

let cache: TempDir;
beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
});

function createProject(policy?: unknown) {
  return createCliProject({
    skills,
    policy: policy ?? { rules: [{ skill: 'secret', action: 'deny' }] },
    cacheDir: cache.path,
  });
}

describe('skillset invoke: one name rule and positional arguments', () => {
  it('invokes a skill whose valid name has non-ASCII letters, typed in any case', async () => {
    for (const message of ['/uni-çase hi', '/UNI-ÇASE hi']) {
      const run = await invoke(message);
      expect(run.exitCode).toBe(0);
      const output = JSON.parse(run.stdout) as { activations: { name: string; content: string }[] };
      expect(output.activations.map((activation) => activation.name)).toEqual(['uni-çase']);
      expect(output.activations[0]?.content).toContain('Ça va: hi');
    }
  });

  it('fills positional tokens into the declared arguments in order', async () => {
    const run = await invoke('/greet Bob 3');
    expect(run.exitCode).toBe(0);
    const output = JSON.parse(run.stdout) as { activations: { content: string }[] };
    expect(output.activations[0]?.content).toContain('Greet Bob 3 times (loud: ).');
  });
});

async function invoke(message: string, policy?: unknown) {
  await using project = await createProject(policy);
  const run = await runSkillset(['invoke', message, '--json'], {
    cwd: project.project,
    env: project.env,
  });
  const skillsDir = path.join(project.project, '.agents/skills');
  return {
    ...run,
    stdout: run.stdout.replaceAll(skillsDir, '<skills>'),
    stderr: run.stderr.replaceAll(project.project, '<project>'),
  };
}

describe('skillset invoke', () => {
  it('binds declared arguments and renders the skill inline', async () => {
    const run = await invoke('/deploy staging --force');
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchInlineSnapshot(`
      {
        "activations": [
          {
            "content": "<skill name="deploy" dir="<skills>/deploy">
      Deploy to staging in eu (force: true).
      </skill>",
            "context": "inline",
            "name": "deploy",
          },
        ],
        "message": "staging --force",
        "unknown": [],
      }
    `);
  });

  it('substitutes $ARGUMENTS and shares the rest of the message between stacked skills', async () => {
    const run = await invoke('/echo $review  the "login" change ');
    expect(run.exitCode).toBe(0);
    const { activations, message } = JSON.parse(run.stdout);
    expect(message).toBe('the "login" change');
    expect(activations.map((activation: { name: string }) => activation.name)).toEqual([
      'echo',
      'review',
    ]);
    expect(activations[0].content).toContain('Echo: the "login" change');
    expect(activations[1]).toEqual({
      name: 'review',
      context: 'fork',
      content: 'Review the "login" change carefully.\n',
    });
  });

  it('marks an activation that a skillset.json ask rule puts under approval', async () => {
    const run = await invoke('/echo hi', { rules: [{ skill: 'echo', action: 'ask' }] });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout).activations[0]).toMatchObject({
      name: 'echo',
      requiresApproval: true,
    });
  });

  it('passes an unknown /name through as ordinary text, with a note in human output', async () => {
    const json = await invoke('/deplyo staging now');
    expect(json.exitCode).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({
      activations: [],
      message: '/deplyo staging now',
      unknown: ['/deplyo'],
    });
    await using project = await createProject();
    const human = await runSkillset(['invoke', '/deplyo staging now'], {
      cwd: project.project,
      env: project.env,
    });
    expect(human.exitCode).toBe(0);
    expect(human.stderr).toMatchInlineSnapshot(`
      "skillset: note: /deplyo is not a known skill; the message is passed on as is. Did you mean: deploy?
      "
    `);
    expect(human.stdout).toMatchInlineSnapshot(`
      "──── message ────
      /deplyo staging now
      "
    `);
    const denied = await runSkillset(['invoke', '/secre'], {
      cwd: project.project,
      env: project.env,
    });
    expect(denied.stderr).toBe(
      'skillset: note: /secre is not a known skill; the message is passed on as is.\n',
    );
  });

  it('prints each activation under a header, then the message', async () => {
    await using project = await createProject();
    const run = await runSkillset(['invoke', '/review src/app.ts'], {
      cwd: project.project,
      env: project.env,
    });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "──── review (fork) ────
      Review src/app.ts carefully.

      ──── message ────
      src/app.ts
      "
    `);
  });

  it('rejects an unknown option with the usage line', async () => {
    const run = await invoke('/deploy staging --fast');
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr).toMatchInlineSnapshot(`
      "skillset: /deploy: Unknown option --fast; valid options: --env, --region, --force.
      Usage: /deploy <env:staging|production> [--region <string>] [--force]
      "
    `);
  });

  it('rejects a missing required argument with the usage line', async () => {
    const run = await invoke('/deploy --force');
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr).toMatchInlineSnapshot(`
      "skillset: /deploy: Missing required argument "env".
      Usage: /deploy <env:staging|production> [--region <string>] [--force]
      "
    `);
  });

  it('rejects an unterminated quote', async () => {
    const run = await invoke('/deploy "staging');
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr).toMatchInlineSnapshot(`
      "skillset: /deploy: Unterminated double quote at column 1; close it, or escape it with a backslash:
        "staging
        ^
      Usage: /deploy <env:staging|production> [--region <string>] [--force]
      "
    `);
  });

  it('refuses a skill denied by a skillset.json rule, with the reason', async () => {
    const run = await invoke('/echo /secret hi');
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr).toMatchInlineSnapshot(`
      "skillset: not allowed: /secret — Rule: deny "secret" for * on every surface.
      Policy read from: <project>/skillset.json
      "
    `);
  });

  it('fails on a malformed skillset.json, naming the file and line, without a stack trace', async () => {
    const run = await invoke('/echo hi', '{\n  "rules": [\n    { "skill": "x", },\n  ]\n}\n');
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr).toMatchInlineSnapshot(`
      "skillset: Malformed JSON in <project>/skillset.json:3:21: Expected double-quoted property name. Fix the syntax (JSON allows no comments or trailing commas).
      "
    `);
  });

  it('fails on an invalid user config, naming the file and line', async () => {
    await using project = await createCliProject({
      skills,
      userPolicy: { rules: [{ skill: 'echo', action: 'forbid' }] },
      cacheDir: cache.path,
    });
    const run = await runSkillset(['invoke', '/echo hi'], {
      cwd: project.project,
      env: project.env,
    });
    expect(run).toMatchObject({ exitCode: 1, stdout: '' });
    expect(run.stderr.replaceAll(project.home, '~')).toMatchInlineSnapshot(`
      "skillset: Invalid policy config in ~/.config/skillset/config.json (1 problem):
        rules[0].action (line 5, column 7): Expected one of "deny", "ask", "allow", got "forbid". Set it to one of "deny", "ask", "allow".
      "
    `);
  });

  it('activates a real skill from the shared corpus, as a spawned process', async () => {
    await using project = await createCliProject({ cacheDir: cache.path });
    const run = await spawnSkillset(
      ['invoke', '/Brainstorming a todo app', '--dir', sharedPath('corpus'), '--json'],
      { cwd: project.project, env: project.env },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const { activations, message } = JSON.parse(run.stdout);
    expect(message).toBe('a todo app');
    expect(activations).toHaveLength(1);
    expect(activations[0]).toMatchObject({ name: 'brainstorming', context: 'inline' });
    expect(activations[0].content).toContain('<skill name="brainstorming"');
    expect(activations[0].content).toContain('ARGUMENTS: a todo app');
  });
});
