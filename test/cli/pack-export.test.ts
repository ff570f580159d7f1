import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { readSkillPackage } from '@skillset/core';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset } from '../support/run-skillset.ts';

async function createProject() {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  await mkdir(home, { recursive: true });
  await writeSkillTree(path.join(project, '.agents/skills'), [
    {
      name: 'deploy',
      description: 'Deploy the app.',
      files: { 'scripts/run.sh': '#!/bin/sh\necho deploy\n', 'notes.md': '# Notes\n' },
    },
    { name: 'review', description: 'Review a change.' },
  ]);
  await chmod(path.join(project, '.agents/skills/deploy/scripts/run.sh'), 0o755);
  const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
  return { dir, project, home, env };
}

async function modeOf(file: string): Promise<string> {
  return ((await stat(file)).mode & 0o777).toString(8);
}

describe('skillset pack', () => {
  it('writes the claude.ai layout with execute bits, which add installs back', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    const run = await runSkillset(['pack', 'deploy'], { cwd: project, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/^Packed deploy \(3 files\) into deploy\.zip \(\d+ bytes\)\.\n$/);
    const zip = new Uint8Array(await readFile(path.join(project, 'deploy.zip')));
    const read = readSkillPackage(zip);
    expect(read.ok && read.folderName).toBe('deploy');
    expect(read.ok && read.skillText).toContain('description: Deploy the app.');
    expect(read.ok && read.files.map((file) => [file.path, file.executable === true])).toEqual([
      ['notes.md', false],
      ['scripts/run.sh', true],
    ]);

    const again = await runSkillset(['pack', 'deploy'], { cwd: project, env });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe(
      'skillset: error: deploy.zip already exists; pass --force to replace it.\n',
    );
    const forced = await runSkillset(['pack', 'deploy', '--force', '--json'], {
      cwd: project,
      env,
    });
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(forced.stdout)).toMatchObject({
      name: 'deploy',
      path: path.join(project, 'deploy.zip'),
      size: zip.length,
    });

    const added = await runSkillset(['add', 'deploy.zip', '--scope', 'personal'], {
      cwd: project,
      env,
    });
    expect(added.exitCode).toBe(0);
    expect(await modeOf(path.join(env.HOME, '.claude/skills/deploy/scripts/run.sh'))).toBe('755');
  });

  it('packs a --dir skill to --out, and suggests a name for an unknown one', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeSkillTree(path.join(project, 'extra'), [{ name: 'notes', description: 'Notes.' }]);
    const run = await runSkillset(['pack', 'notes', '--dir', 'extra', '--out', 'out/n.zip'], {
      cwd: project,
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(readSkillPackage(await readFile(path.join(project, 'out/n.zip'))).ok).toBe(true);

    const unknown = await runSkillset(['pack', 'deplyo'], { cwd: project, env });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe(
      "skillset: error: no skill named 'deplyo'. Did you mean: deploy?\n",
    );
  });
});

describe('skillset export', () => {
  it("copies every project skill into another agent's project folder, keeping exec bits", async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    const run = await runSkillset(['export', '--to', 'codex'], { cwd: project, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      '✓ deploy  copied to .codex/skills/deploy\n✓ review  copied to .codex/skills/review\n',
    );
    const target = path.join(project, '.codex/skills/deploy');
    expect((await lstat(target)).isDirectory()).toBe(true);
    expect(await modeOf(path.join(target, 'scripts/run.sh'))).toBe('755');

    const again = await runSkillset(['export', '--to', 'codex', 'deploy'], { cwd: project, env });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe(
      `skillset: error: ${target} already exists; pass --force to replace it.\nskillset: error: nothing was written.\n`,
    );
  });

  it('links skills into the personal folders with --link --personal, replacing with --force', async () => {
    const { dir, project, home, env } = await createProject();
    await using _ = dir;
    const source = path.join(project, '.agents/skills/review');
    const run = await runSkillset(
      ['export', '--to', 'opencode', '--personal', '--link', 'review', '--json'],
      { cwd: project, env },
    );
    expect(run.exitCode).toBe(0);
    const target = path.join(home, '.config/opencode/skills/review');
    expect(JSON.parse(run.stdout)).toEqual({
      to: 'opencode',
      folder: path.join(home, '.config/opencode/skills'),
      link: true,
      written: true,
      skills: [{ name: 'review', source, path: target, valid: true, action: 'write', issues: [] }],
    });
    expect(await readlink(target)).toBe(source);

    const same = await runSkillset(
      ['export', '--to', 'opencode', '--personal', 'review', '--force'],
      { cwd: project, env },
    );
    expect(same.exitCode).toBe(0);
    expect(same.stdout).toBe('= review  already in ~/.config/opencode/skills/review\n');
    expect(await readlink(target)).toBe(source);

    await writeSkillTree(path.join(home, '.claude/skills'), [
      { name: 'review', description: 'An older review.' },
    ]);
    const forced = await runSkillset(
      ['export', '--to', 'claude', '--personal', '--link', '--force', 'review'],
      { cwd: project, env },
    );
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toBe('✓ review  replaced (linked) to ~/.claude/skills/review\n');
    expect(await readlink(path.join(home, '.claude/skills/review'))).toBe(source);
    expect(await readdir(path.join(home, '.claude/skills'))).toEqual(['review']);
  });

  it('refuses an invalid skill and writes nothing', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeFile(
      path.join(project, '.agents/skills/review/SKILL.md'),
      '---\nname: review\n---\nno description\n',
    );
    const run = await runSkillset(['export', '--to', 'claude'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^✗ review {2}\.agents\/skills\/review\n.*\[missing_description\]/);
    expect(run.stderr).toBe('skillset: error: nothing was written: review is not valid.\n');
    await expect(stat(path.join(project, '.claude'))).rejects.toThrow(/ENOENT/);

    const usage = await runSkillset(['export', '--to', 'vim'], { cwd: project, env });
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain(
      "argument 'vim' is invalid. Allowed choices are claude, codex, agents, opencode.",
    );
  });
});
