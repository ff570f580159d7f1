import { execFileSync } from 'node:child_process';
import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { writeSkillPackage } from '@skillset/core/authoring';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';

const encoder = new TextEncoder();

async function createWorkspace() {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  const sources = path.join(dir.path, 'sources');
  await mkdir(project, { recursive: true });
  await writeSkillTree(sources, [
    {
      name: 'deploy',
      description: 'Deploy the app.',
      files: { 'scripts/run.sh': '#!/bin/sh\necho deploy\n', 'notes.md': '# Notes\n' },
    },
  ]);
  await chmod(path.join(sources, 'deploy/scripts/run.sh'), 0o755);
  const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
  return { dir, project, home, sources, env };
}

async function modeOf(file: string): Promise<string> {
  return ((await stat(file)).mode & 0o777).toString(8);
}

function git(cwd: string, ...args: string[]) {
  execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
    cwd,
    stdio: 'pipe',
  });
}

describe('skillset add', () => {
  it('shows every file it will write, then installs a folder into .claude/skills with exec bits', async () => {
    const { dir, project, sources, env } = await createWorkspace();
    await using _ = dir;
    const run = await spawnSkillset(['add', path.join(sources, 'deploy')], { cwd: project, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      [
        '✓ deploy  ../sources/deploy',
        '    unsigned',
        '    writes .claude/skills/deploy/',
        '      SKILL.md  85 bytes',
        '      notes.md  8 bytes',
        '      scripts/run.sh  22 bytes  (executable)',
        'Added deploy in .claude/skills/deploy (3 files).',
        'Recorded in skillset-lock.json.',
        '',
      ].join('\n'),
    );
    const target = path.join(project, '.claude/skills/deploy');
    expect(await readFile(path.join(target, 'scripts/run.sh'), 'utf8')).toContain('echo deploy');
    expect(await modeOf(path.join(target, 'scripts/run.sh'))).toBe('755');
    expect(await modeOf(path.join(target, 'notes.md'))).toBe('644');
    expect(await readdir(path.join(project, '.claude/skills'))).toEqual(['deploy']);
    const list = await runSkillset(['list', '--json'], { cwd: project, env });
    const deploy = JSON.parse(list.stdout).skills.find(
      (skill: { name: string }) => skill.name === 'deploy',
    );
    expect(deploy).toMatchObject({ scope: 'project', path: target, valid: true });
  });

  it('installs into ~/.claude/skills with --scope personal', async () => {
    const { dir, project, home, sources, env } = await createWorkspace();
    await using _ = dir;
    const run = await runSkillset(
      ['add', '--scope', 'personal', '--json', path.join(sources, 'deploy/SKILL.md')],
      { cwd: project, env },
    );
    expect(run.exitCode).toBe(0);
    const target = path.join(home, '.claude/skills/deploy');
    expect(JSON.parse(run.stdout)).toMatchObject({
      scope: 'personal',
      written: true,
      skills: [
        {
          name: 'deploy',
          valid: true,
          path: target,
          exists: false,
          files: [
            { path: 'SKILL.md', executable: false },
            { path: 'notes.md', size: 8, executable: false },
            { path: 'scripts/run.sh', size: 22, executable: true },
          ],
          issues: [],
        },
      ],
    });
    expect(await modeOf(path.join(target, 'scripts/run.sh'))).toBe('755');
  });

  it('refuses to overwrite an installed skill without --force, and replaces it with --force', async () => {
    const { dir, project, sources, env } = await createWorkspace();
    await using _ = dir;
    const source = path.join(sources, 'deploy');
    expect((await runSkillset(['add', source], { cwd: project, env })).exitCode).toBe(0);
    const target = path.join(project, '.claude/skills/deploy');
    await writeFile(path.join(target, 'local-edit.md'), 'mine');

    const refused = await runSkillset(['add', source], { cwd: project, env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toContain('    exists .claude/skills/deploy/');
    expect(refused.stderr).toBe(
      `skillset: error: ${target} already exists; pass --force to replace it.\nskillset: error: nothing was written.\n`,
    );
    expect(await readFile(path.join(target, 'local-edit.md'), 'utf8')).toBe('mine');

    const forced = await runSkillset(['add', '--force', source], { cwd: project, env });
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toContain('    replaces .claude/skills/deploy/');
    expect(forced.stdout).toContain('Replaced deploy in .claude/skills/deploy (3 files).');
    expect((await readdir(target)).sort()).toEqual(['SKILL.md', 'notes.md', 'scripts']);
    expect(await readdir(path.join(project, '.claude/skills'))).toEqual(['deploy']);
  });

  it('validates first: an invalid skill is reported with its issues and nothing is written', async () => {
    const { dir, project, sources, env } = await createWorkspace();
    await using _ = dir;
    await writeSkillTree(sources, [
      { path: 'broken', text: '---\nname: broken\n---\nNo description.\n' },
    ]);
    const run = await runSkillset(['add', path.join(sources, 'broken')], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(
      /✗ broken {2}\.\.\/sources\/broken\n {4}SKILL\.md.*error.*\[missing_description\]/,
    );
    expect(run.stderr).toContain('skillset: error: nothing was written: broken is not valid');
    await expect(stat(path.join(project, '.claude'))).rejects.toThrow(/ENOENT/);
  });

  it('writes nothing with --dry-run, and says what is missing for a bad source', async () => {
    const { dir, project, sources, env } = await createWorkspace();
    await using _ = dir;
    const dry = await runSkillset(['add', '--dry-run', path.join(sources, 'deploy')], {
      cwd: project,
      env,
    });
    expect(dry.exitCode).toBe(0);
    expect(dry.stdout).toContain(
      '      scripts/run.sh  22 bytes  (executable)\nDry run: nothing was written.\n',
    );
    await expect(stat(path.join(project, '.claude'))).rejects.toThrow(/ENOENT/);

    const missing = await runSkillset(['add', 'nowhere'], { cwd: project, env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toBe(
      'skillset: error: nowhere does not exist; pass a skill folder, a SKILL.md, a .zip, a git URL or owner/repo[/path][@ref].\n',
    );
    const empty = await runSkillset(['add', '.'], { cwd: project, env });
    expect(empty.exitCode).toBe(1);
    expect(empty.stderr).toContain('No SKILL.md found in .;');
  });

  it('installs a claude.ai ZIP and restores its execute bits', async () => {
    const { dir, project, env } = await createWorkspace();
    await using _ = dir;
    const zip = writeSkillPackage({
      folderName: 'lint',
      skillText: '---\nname: lint\ndescription: Lint the code.\n---\nRun the linter.\n',
      files: [
        { path: 'bin/lint', bytes: encoder.encode('#!/bin/sh\n'), executable: true },
        { path: 'README.md', bytes: encoder.encode('read me') },
      ],
    });
    await writeFile(path.join(dir.path, 'lint.zip'), zip);
    const run = await runSkillset(['add', '../lint.zip'], { cwd: project, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toContain('      bin/lint  10 bytes  (executable)');
    const target = path.join(project, '.claude/skills/lint');
    expect(await modeOf(path.join(target, 'bin/lint'))).toBe('755');
    expect(await modeOf(path.join(target, 'README.md'))).toBe('644');
  });

  it('keeps the execute bit of a ZIP made by the zip command', async () => {
    const { dir, project, sources, env } = await createWorkspace();
    await using _ = dir;
    execFileSync('zip', ['-qr', path.join(dir.path, 'deploy.zip'), 'deploy'], { cwd: sources });
    const run = await runSkillset(['add', '../deploy.zip'], { cwd: project, env });
    expect(run.exitCode).toBe(0);
    const target = path.join(project, '.claude/skills/deploy');
    expect(await modeOf(path.join(target, 'scripts/run.sh'))).toBe('755');
    expect(await modeOf(path.join(target, 'notes.md'))).toBe('644');
  });

  it('refuses a hostile ZIP with the upload checks and writes nothing', async () => {
    const { dir, project, env } = await createWorkspace();
    await using _ = dir;
    const { zipSync } = await import('fflate');
    const evil = zipSync({
      'evil/SKILL.md': encoder.encode('---\nname: evil\ndescription: Evil.\n---\nx\n'),
      'evil/../../escape.sh': encoder.encode('rm -rf /'),
    });
    await writeFile(path.join(dir.path, 'evil.zip'), evil);
    const run = await runSkillset(['add', '../evil.zip'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/✗ evil {2}\.\.\/evil\.zip\n.*\[zip_slip\]/);
    await expect(stat(path.join(project, '.claude'))).rejects.toThrow(/ENOENT/);
    await expect(stat(path.join(dir.path, 'escape.sh'))).rejects.toThrow(/ENOENT/);
  });

  it('clones a git repository: one skill by name, #subdir, or every one with --all', async () => {
    const { dir, project, env } = await createWorkspace();
    await using _ = dir;
    const work = path.join(dir.path, 'work');
    await writeSkillTree(path.join(work, 'skills'), [
      { name: 'alpha', description: 'Alpha.' },
      { name: 'beta', description: 'Beta.', files: { 'tool.sh': '#!/bin/sh\n' } },
    ]);
    await chmod(path.join(work, 'skills/beta/tool.sh'), 0o755);
    git(work, 'init', '--quiet', '--initial-branch=main');
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', 'skills');
    const bare = path.join(dir.path, 'skills.git');
    git(dir.path, 'clone', '--quiet', '--bare', work, bare);
    const url = `file://${bare}`;

    const ambiguous = await runSkillset(['add', url], { cwd: project, env });
    expect(ambiguous.exitCode).toBe(1);
    expect(ambiguous.stderr).toBe(
      `skillset: error: ${url} holds 2 skills (alpha, beta); pass --skill NAME (repeatable) for some or --all for every one.\n`,
    );

    const one = await runSkillset(['add', `${url}#skills/beta`], { cwd: project, env });
    expect(one.exitCode).toBe(0);
    expect(one.stdout).toContain(`✓ beta  ${url}#skills/beta`);
    expect(await modeOf(path.join(project, '.claude/skills/beta/tool.sh'))).toBe('755');

    const named = await runSkillset(['add', url, '--skill', 'alpha', '--path', 'skills'], {
      cwd: project,
      env,
    });
    expect(named.exitCode).toBe(0);
    expect(await readdir(path.join(project, '.claude/skills'))).toEqual(['alpha', 'beta']);

    const all = await runSkillset(['add', url, '--all', '--force', '--json'], {
      cwd: project,
      env,
    });
    expect(all.exitCode).toBe(0);
    expect(
      JSON.parse(all.stdout).skills.map((skill: { name: string; exists: boolean }) => [
        skill.name,
        skill.exists,
      ]),
    ).toEqual([
      ['alpha', true],
      ['beta', true],
    ]);

    const outside = await runSkillset(['add', `${url}#../..`], { cwd: project, env });
    expect(outside.exitCode).toBe(1);
    expect(outside.stderr).toContain('leads outside the repository');

    const unreachable = await runSkillset(['add', `file://${dir.path}/missing.git`], {
      cwd: project,
      env,
    });
    expect(unreachable.exitCode).toBe(1);
    expect(unreachable.stderr).toMatch(
      /^skillset: error: git clone file:\/\/.*missing\.git failed: /,
    );
  });

  it('installs the skill at the root of a repository under its own name', async () => {
    const { dir, project, env } = await createWorkspace();
    await using _ = dir;
    const work = path.join(dir.path, 'single');
    await writeSkillTree(work, [{ path: '.', name: 'solo', description: 'Solo.' }]);
    git(work, 'init', '--quiet');
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', 'skill');
    const url = `file://${work}`;
    const run = await runSkillset(['add', url], { cwd: project, env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(
      /^✓ solo {2}file:\/\/\S+\n {4}unsigned\n {4}writes \.claude\/skills\/solo\/\n {6}SKILL\.md {2}\d+ bytes\nAdded solo in \.claude\/skills\/solo \(1 file, commit [0-9a-f]{7}\)\.\nRecorded in skillset-lock\.json\.\n$/,
    );
    expect(await readdir(path.join(project, '.claude/skills/solo'))).toEqual(['SKILL.md']);
  });
});
