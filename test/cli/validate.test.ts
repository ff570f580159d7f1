import path from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';
import { repoRoot, sharedPath } from '../support/shared-dir.ts';

const broken = `---
name: Bad_Name
description: A skill with a bad name
---
Body.
`;

describe('skillset validate', () => {
  it('passes the built-in skills in the strict profile, as every agent and platform reads them', async () => {
    const builtins = path.join(repoRoot, 'packages/core/skills');
    const run = await runSkillset(['validate', '--strict', '.'], { cwd: builtins });
    expect(run.stdout).toContain('(strict profile):');
    expect(run.stdout).not.toContain('✗');
    expect(run.exitCode).toBe(0);
  });

  it('groups issues per skill with line numbers and exits 1 when one is invalid', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'good' }, { path: 'Bad_Name', text: broken }]);
    const run = await runSkillset(['validate', '.'], { cwd: dir.path });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/✗ Bad_Name {2}Bad_Name\n {4}SKILL\.md:2:7 {2}error/);
    expect(run.stdout).toContain('✓ good  good');
    expect(run.stdout).toContain('2 skills checked (default profile): 1 valid, 1 invalid');
  });

  it('prints the documented JSON shape and exits 0 when all are valid', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'alpha', description: 'Alpha does things.' }]);
    const run = await runSkillset(['validate', '--json', 'alpha/SKILL.md'], { cwd: dir.path });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      results: [
        {
          path: path.join(dir.path, 'alpha'),
          name: 'alpha',
          description: 'Alpha does things.',
          valid: true,
          issues: [],
        },
      ],
      summary: { valid: 1, invalid: 0, warnings: 0 },
    });
  });

  it('reports each issue with code, severity, message, field, line and column in JSON', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ path: 'Bad_Name', text: broken }]);
    const run = await runSkillset(['validate', '--json', 'Bad_Name'], { cwd: dir.path });
    const [result] = JSON.parse(run.stdout).results;
    expect(result.valid).toBe(false);
    for (const issue of result.issues) {
      expect(Object.keys(issue)).toEqual([
        'code',
        'severity',
        'message',
        'field',
        'line',
        'column',
      ]);
    }
  });

  it('refuses a skill file named Skill.md in --strict and warns about it otherwise', async () => {
    await using dir = await createTempDir();
    await writeSkillTree(dir.path, [{ name: 'cased', skillFileName: 'Skill.md' }]);
    const strict = await runSkillset(['validate', '--strict', '.'], { cwd: dir.path });
    expect(strict.exitCode).toBe(1);
    expect(strict.stdout).toMatch(
      /✗ cased {2}cased\n {4}Skill\.md {2}error {4}the skill file is named Skill\.md; rename it to SKILL\.md/,
    );
    const relaxed = await runSkillset(['validate', '.'], { cwd: dir.path });
    expect(relaxed.exitCode).toBe(0);
    expect(relaxed.stdout).toContain('Skill.md  warning  the skill file is named Skill.md');
    const listed = await runSkillset(['list', '--json', '--dir', '.'], {
      cwd: dir.path,
      env: { HOME: dir.path, XDG_CACHE_HOME: path.join(dir.path, '.cache') },
    });
    expect(JSON.parse(listed.stdout).skills).toContainEqual(
      expect.objectContaining({ name: 'cased', valid: true }),
    );
  });

  it('reports reference cycles and unknown references as invoke would refuse them', async () => {
    await using dir = await createTempDir();
    const env = { HOME: path.join(dir.path, 'home'), XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const project = path.join(dir.path, 'project');
    await writeSkillTree(path.join(project, '.agents/skills'), [{ name: 'installed' }]);
    const refs = (name: string, references: string[]) => ({ name, fields: { references } });
    await writeSkillTree(path.join(project, 'work'), [
      refs('ping', ['pong']),
      refs('pong', ['ping']),
      refs('lost', ['nowhere']),
      refs('fine', ['installed', 'create-skill', 'leaf']),
      { name: 'leaf' },
    ]);
    const run = await runSkillset(['validate', '--json', 'work'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    const issues = Object.fromEntries(
      JSON.parse(run.stdout).results.map((result: { name: string; issues: unknown[] }) => [
        result.name,
        result.issues,
      ]),
    );
    expect(issues.fine).toEqual([]);
    expect(issues.leaf).toEqual([]);
    expect(issues.ping).toEqual([
      {
        code: 'reference_cycle',
        severity: 'error',
        message:
          'Skill references form a cycle: ping → pong → ping; remove one of these references',
        field: 'references',
        line: 4,
        column: 1,
      },
    ]);
    expect(issues.pong[0]).toMatchObject({ code: 'reference_cycle', line: 4 });
    expect(issues.lost).toEqual([
      expect.objectContaining({ code: 'unknown_reference', severity: 'error', line: 4, column: 1 }),
    ]);

    const listed = await runSkillset(['list', '--json', '--dir', 'work'], { cwd: project, env });
    const validity = Object.fromEntries(
      JSON.parse(listed.stdout).skills.map((skill: { name: string; valid: boolean }) => [
        skill.name,
        skill.valid,
      ]),
    );
    expect(validity).toMatchObject({ ping: false, pong: false, lost: false, fine: true });
    const shown = await runSkillset(['show', 'lost', '--json', '--dir', 'work'], {
      cwd: project,
      env,
    });
    expect(JSON.parse(shown.stdout)).toMatchObject({
      valid: false,
      issues: [expect.objectContaining({ code: 'unknown_reference', line: 4 })],
    });
  });

  it('says clearly when a path does not exist, without a stack trace', async () => {
    await using dir = await createTempDir();
    const run = await runSkillset(['validate', 'nowhere'], { cwd: dir.path });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain('does not exist');
    expect(run.stdout + run.stderr).not.toMatch(/at .*\.ts:\d+/);
  });

  it('loads every corpus skill in the default profile', async () => {
    const run = await runSkillset(['validate', '--json', sharedPath('corpus')], {
      cwd: process.cwd(),
    });
    const report = JSON.parse(run.stdout);
    expect(report.results.length).toBe(542);
    expect(report.summary.invalid).toBe(0);
    expect(run.exitCode).toBe(0);
  });

  it('exits 2 with help text on a usage error, from a real process', async () => {
    await using dir = await createTempDir();
    const missingPath = await spawnSkillset(['validate'], { cwd: dir.path });
    expect(missingPath.exitCode).toBe(2);
    expect(missingPath.stderr).toContain("missing required argument 'path'");
    const unknownOption = await spawnSkillset(['validate', '--bogus', '.'], { cwd: dir.path });
    expect(unknownOption.exitCode).toBe(2);
    expect(unknownOption.stderr).toContain("unknown option '--bogus'");
    const noCommand = await spawnSkillset([], { cwd: dir.path });
    expect(noCommand.exitCode).toBe(2);
    expect(noCommand.stderr).toContain('Usage: skillset');
  });
});
