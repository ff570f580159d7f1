import path from 'node:path';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';
import { repoRoot } from '../support/shared-dir.ts';
import { type CliProject, createCliProject } from './create-cli-project.ts';

const handRolledServer = path.join(repoRoot, 'test', 'support', 'hand-rolled-skills-server.ts');

let cache: TempDir;
let project: CliProject;

beforeAll(async () => {
  cache = await createTempDir();
  project = await createCliProject({
    cacheDir: cache.path,
    skills: [{ name: 'good', description: 'The local good skill.', body: 'Local body.\n' }],
    policy: {
      mcpServers: {
        hand: { command: process.execPath, args: [handRolledServer, '--page-size', '3'] },
        gone: { command: path.join(repoRoot, 'no-such-server') },
      },
      rules: [
        { skill: 'hand:acme:*', action: 'deny' },
        { skill: 'hand:wrong-*', action: 'deny' },
      ],
    },
  });
});

afterAll(async () => {
  await project?.[Symbol.asyncDispose]();
  await cache?.[Symbol.asyncDispose]();
});

describe('skillset with mcpServers in skillset.json', () => {
  it('lists the remote skills in their namespace beside the local one and reports the dead server', async () => {
    const run = await runSkillset(['list', '--json'], { cwd: project.project, env: project.env });
    const listed = JSON.parse(run.stdout) as {
      skills: Array<{ name: string; valid: boolean; origin?: unknown; sameName?: string[] }>;
    };
    const names = listed.skills.map((skill) => skill.name);
    expect(names).toContain('good');
    expect(names).toContain('hand:good');
    expect(names).toContain('hand:acme:billing:refunds');
    expect(names).toContain('hand:team:deploy');
    expect(listed.skills.find((skill) => skill.name === 'good')?.sameName).toEqual(['hand:good']);
    expect(listed.skills.find((skill) => skill.name === 'hand:good')).toMatchObject({
      valid: true,
      origin: { kind: 'mcp', server: 'hand', uri: 'skill://good/SKILL.md' },
      sameName: ['good'],
    });
    expect(listed.skills.find((skill) => skill.name === 'hand:live')).toMatchObject({
      valid: false,
      issues: [{ code: 'mcp_skill_refused', message: expect.stringContaining('"dynamic"') }],
    });
    expect(run.stderr).toContain('MCP server "gone" (command ');
    expect(run.exitCode).toBe(1);
  });

  it('invokes a remote skill by its namespaced name and refuses a tampered one with the reason', async () => {
    const ok = await runSkillset(['invoke', '--json', '/hand:good please'], {
      cwd: project.project,
      env: project.env,
    });
    const result = JSON.parse(ok.stdout) as {
      activations: Array<{ name: string; content: string }>;
    };
    expect(result.activations[0]?.name).toBe('hand:good');
    expect(result.activations[0]?.content).toContain('Read references/guide.md.');

    const local = await runSkillset(['invoke', '--json', '/good'], {
      cwd: project.project,
      env: project.env,
    });
    expect(JSON.parse(local.stdout).activations[0].content).toContain('Local body.');

    const tampered = await runSkillset(['invoke', '/hand:tampered-body'], {
      cwd: project.project,
      env: project.env,
    });
    expect(tampered.exitCode).toBe(1);
    expect(tampered.stderr).toMatch(
      /Refused skill "hand:tampered-body" from MCP server "hand": file SKILL\.md \(skill:\/\/tampered-body\/SKILL\.md\) does not match its entry \(sha256:[0-9a-f]{64}, 89 bytes\): skill:\/\/tampered-body\/SKILL\.md is 95 bytes; the skill entry lists 89\./,
    );
  });

  it('applies the policy of skillset.json to remote skills', async () => {
    const deep = await runSkillset(['invoke', '/hand:acme:billing:refunds'], {
      cwd: project.project,
      env: project.env,
    });
    expect(deep.stderr).toContain('not allowed: /hand:acme:billing:refunds');
    const denied = await runSkillset(['invoke', '/hand:wrong-size'], {
      cwd: project.project,
      env: project.env,
    });
    expect(denied.exitCode).toBe(1);
    expect(denied.stderr).toContain('not allowed: /hand:wrong-size');
    const catalog = await runSkillset(['catalog'], { cwd: project.project, env: project.env });
    expect(catalog.stdout).toContain('hand:good');
    expect(catalog.stdout).toContain('hand:team:deploy');
    expect(catalog.stdout).not.toContain('hand:acme');
    expect(catalog.stdout).not.toContain('hand:wrong-size');
  });
});
