import path from 'node:path';
import { createTempDir, type SkillTreeEntry, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';
import { repoRoot, sharedPath } from '../support/shared-dir.ts';
import { createCliProject } from './create-cli-project.ts';

const skills: SkillTreeEntry[] = [
  { name: 'deploy', description: 'Deploy the web app to staging or production servers.' },
  { name: 'pdf-forms', description: 'Fill in PDF forms and extract their fields.' },
  { name: 'release-notes', description: 'Write release notes from the merged pull requests.' },
  { name: 'secret', description: 'Internal tooling nobody may use.' },
  {
    name: 'manual-only',
    description: 'Only a person may start this.',
    fields: { 'disable-model-invocation': true },
  },
  {
    name: 'needs-tool',
    description: 'Needs a binary that is not installed.',
    fields: { requires: { bins: ['skillset-test-missing-binary'] } },
  },
];

let cache: TempDir;
beforeAll(async () => {
  cache = await createTempDir();
});
afterAll(async () => {
  await cache[Symbol.asyncDispose]();
});

async function catalog(args: string[]) {
  await using project = await createCliProject({
    skills,
    policy: { rules: [{ skill: 'secret', surface: 'model', action: 'deny' }] },
    cacheDir: cache.path,
  });
  const run = await runSkillset(['catalog', ...args], { cwd: project.project, env: project.env });
  const stdout = run.stdout.replaceAll(project.project, '<project>').replaceAll(repoRoot, '<repo>');
  return { ...run, stdout };
}

describe('skillset catalog', () => {
  it('prints the allowed skills as JSON, without denied, model-disabled or ineligible ones', async () => {
    const run = await catalog(['--json']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchInlineSnapshot(`
      {
        "entries": [
          {
            "description": "Write a new skill (a SKILL.md with instructions) and save it where this agent keeps skills. Use when the user asks to create, draft or package a skill, or to turn a repeated workflow into a reusable /command.",
            "name": "create-skill",
          },
          {
            "description": "Deploy the web app to staging or production servers.",
            "name": "deploy",
          },
          {
            "description": "Fill in PDF forms and extract their fields.",
            "name": "pdf-forms",
          },
          {
            "description": "Write release notes from the merged pull requests.",
            "name": "release-notes",
          },
        ],
        "omitted": 0,
        "tokens": 93,
      }
    `);
  });

  it('prints the Markdown catalog by default', async () => {
    const run = await catalog([]);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "- create-skill: Write a new skill (a SKILL.md with instructions) and save it where this agent keeps skills. Use when the user asks to create, draft or package a skill, or to turn a repeated workflow into a reusable /command.
      - deploy: Deploy the web app to staging or production servers.
      - pdf-forms: Fill in PDF forms and extract their fields.
      - release-notes: Write release notes from the merged pull requests.
      "
    `);
  });

  it('drops descriptions, then names, to fit a small budget, and says how many are left out', async () => {
    const json = JSON.parse((await catalog(['--budget', '45', '--json'])).stdout);
    expect(json.tokens).toBeLessThanOrEqual(45);
    expect(json.entries.some((entry: { description?: string }) => !entry.description)).toBe(true);
    const smaller = JSON.parse((await catalog(['--budget', '25', '--json'])).stdout);
    expect(smaller.omitted).toBeGreaterThan(0);
    expect(smaller.entries.length + smaller.omitted).toBe(4);
    const text = await catalog(['--budget', '45']);
    expect(text.stdout).toMatchInlineSnapshot(`
      "- create-skill
      - deploy
      - pdf-forms: Fill in PDF forms and extract their fields.
      - release-notes
      "
    `);
  });

  it('prints the XML format with each skill location', async () => {
    const run = await catalog(['--format', 'xml']);
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatchInlineSnapshot(`
      "<available_skills>
      <skill>
      <name>create-skill</name>
      <description>Write a new skill (a SKILL.md with instructions) and save it where this agent keeps skills. Use when the user asks to create, draft or package a skill, or to turn a repeated workflow into a reusable /command.</description>
      <location><repo>/packages/core/skills/create-skill/SKILL.md</location>
      </skill>
      <skill>
      <name>deploy</name>
      <description>Deploy the web app to staging or production servers.</description>
      <location><project>/.agents/skills/deploy/SKILL.md</location>
      </skill>
      <skill>
      <name>pdf-forms</name>
      <description>Fill in PDF forms and extract their fields.</description>
      <location><project>/.agents/skills/pdf-forms/SKILL.md</location>
      </skill>
      <skill>
      <name>release-notes</name>
      <description>Write release notes from the merged pull requests.</description>
      <location><project>/.agents/skills/release-notes/SKILL.md</location>
      </skill>
      </available_skills>
      "
    `);
  });

  it('ranks by relevance to --query', async () => {
    const run = await catalog(['--query', 'fill out a PDF form', '--json']);
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout).entries[0].name).toBe('pdf-forms');
    const stable = await catalog(['--query', 'fill out a PDF form', '--mode', 'stable', '--json']);
    const names = JSON.parse(stable.stdout).entries.map((entry: { name: string }) => entry.name);
    expect(names).toEqual([...names].sort());
    expect(names[0]).not.toBe('pdf-forms');
  });

  it('rejects --mode ranked without --query as a usage error', async () => {
    const run = await catalog(['--mode', 'ranked']);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatchInlineSnapshot(`
      "error: --mode ranked needs --query <text> to rank by
      (run with --help for usage)
      "
    `);
  });

  it('rejects a budget that is not a positive integer and a format not in the choices', async () => {
    for (const budget of ['0', '-5', '1.5', 'lots']) {
      const run = await catalog(['--budget', budget]);
      expect(run.exitCode, budget).toBe(2);
      expect(run.stderr).toContain(`expected a positive integer, got '${budget}'`);
    }
    const format = await catalog(['--format', 'yaml']);
    expect(format.exitCode).toBe(2);
    expect(format.stderr).toMatchInlineSnapshot(`
      "error: option '--format <format>' argument 'yaml' is invalid. Allowed choices are markdown, xml.
      (run with --help for usage)
      "
    `);
  });

  it('ranks the shared corpus for a query, as a spawned process', async () => {
    await using project = await createCliProject({ cacheDir: cache.path });
    const run = await spawnSkillset(
      ['catalog', '--dir', sharedPath('corpus'), '--query', 'fill a pdf form', '--json'],
      { cwd: project.project, env: project.env },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const { entries, omitted, tokens } = JSON.parse(run.stdout);
    expect(tokens).toBeLessThanOrEqual(2000);
    expect(entries.length + omitted).toBeGreaterThan(500);
    expect(entries.slice(0, 3).map((entry: { name: string }) => entry.name)).toContain(
      'pdftk-server',
    );
    expect(path.isAbsolute(sharedPath('corpus'))).toBe(true);
  });
});
