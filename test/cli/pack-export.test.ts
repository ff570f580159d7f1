import { spawn } from 'node:child_process';
import {
  chmod,
  lstat,
  mkdir,
  readdir,
  readFile,
  readlink,
  realpath,
  rename,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { readSkillPackage } from '@skillset/core/authoring';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, type SkillsetRun } from '../support/run-skillset.ts';
import { skillsetBin } from '../support/skillset-bin.ts';

async function createProject() {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  await mkdir(home, { recursive: true });
  await writeSkillTree(path.join(project, '.claude/skills'), [
    {
      name: 'deploy',
      description: 'Deploy the app.',
      files: { 'scripts/run.sh': '#!/bin/sh\necho deploy\n', 'notes.md': '# Notes\n' },
    },
    { name: 'review', description: 'Review a change.' },
  ]);
  await chmod(path.join(project, '.claude/skills/deploy/scripts/run.sh'), 0o755);
  const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
  return { dir, project, home, env };
}

async function modeOf(file: string): Promise<string> {
  return ((await stat(file)).mode & 0o777).toString(8);
}

/** Runs the `skillset` binary under `umask 077`, which would make new files 0600 and folders 0700. */
function spawnWithTightUmask(
  args: string[],
  options: { cwd: string; env: Record<string, string> },
): Promise<SkillsetRun> {
  return new Promise((resolve, reject) => {
    const child = spawn('/bin/sh', ['-c', 'umask 077 && exec "$0" "$@"', skillsetBin, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ exitCode: code ?? -1, stdout, stderr }));
  });
}

/** A SKILL.md whose description is `length` characters: valid for Skillset, not for the spec. */
function longDescriptionSkill(name: string, length: number): string {
  return `---\nname: ${name}\ndescription: ${'d'.repeat(length)}\n---\nBody.\n`;
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
      '✓ deploy  copied to .agents/skills/deploy\n✓ review  copied to .agents/skills/review\n',
    );
    const target = path.join(project, '.agents/skills/deploy');
    expect((await lstat(target)).isDirectory()).toBe(true);
    expect(await modeOf(path.join(target, 'scripts/run.sh'))).toBe('755');

    // Codex reads the copy now, so a second export finds it already there.
    const read = await runSkillset(['export', '--to', 'codex', 'deploy'], { cwd: project, env });
    expect(read.stdout).toBe('= deploy  already in .agents/skills/deploy\n');
    // Its copy in .agents/skills shadows the one in .claude/skills, which export never overwrites.
    const again = await runSkillset(['export', '--to', 'claude', 'deploy'], { cwd: project, env });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toBe(
      `skillset: error: ${path.join(project, '.claude/skills/deploy')} already exists; pass --force to replace it.\nskillset: error: nothing was written.\n`,
    );
  });

  it('links skills into the personal folders with --link --global, replacing with --force', async () => {
    const { dir, project, home, env } = await createProject();
    await using _ = dir;
    const source = path.join(project, '.claude/skills/review');
    const run = await runSkillset(
      ['export', '--to', 'opencode', '--global', '--link', 'review', '--json'],
      { cwd: project, env },
    );
    expect(run.exitCode).toBe(0);
    const target = path.join(home, '.config/opencode/skills/review');
    expect(JSON.parse(run.stdout)).toEqual({
      to: ['opencode'],
      folders: [path.join(home, '.config/opencode/skills')],
      link: true,
      written: true,
      skills: [
        {
          name: 'review',
          source,
          path: target,
          agents: ['opencode'],
          valid: true,
          action: 'write',
          issues: [],
          rejections: [],
        },
      ],
    });
    expect(await readlink(target)).toBe('../../../../project/.claude/skills/review');

    const same = await runSkillset(
      ['export', '--to', 'opencode', '--personal', 'review', '--force'],
      { cwd: project, env },
    );
    expect(same.exitCode).toBe(0);
    expect(same.stderr).toBe('skillset: note: --personal is now --global.\n');
    expect(same.stdout).toBe('= review  already in ~/.config/opencode/skills/review\n');
    expect(await readlink(target)).toBe('../../../../project/.claude/skills/review');

    await writeSkillTree(path.join(home, '.claude/skills'), [
      { name: 'review', description: 'An older review.' },
    ]);
    const forced = await runSkillset(
      ['export', '--to', 'claude', '--global', '--link', '--force', 'review'],
      { cwd: project, env },
    );
    expect(forced.exitCode).toBe(0);
    expect(forced.stdout).toBe('✓ review  replaced (linked) to ~/.claude/skills/review\n');
    expect(await readlink(path.join(home, '.claude/skills/review'))).toBe(
      '../../../project/.claude/skills/review',
    );
    expect(await readdir(path.join(home, '.claude/skills'))).toEqual(['review']);
  });

  it('refuses an invalid skill and writes nothing', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeFile(
      path.join(project, '.claude/skills/review/SKILL.md'),
      '---\nname: review\n---\nno description\n',
    );
    const run = await runSkillset(['export', '--to', 'codex', '--to', 'gemini'], {
      cwd: project,
      env,
    });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^✗ review {2}\.claude\/skills\/review\n.*\[missing_description\]/);
    expect(run.stderr).toBe('skillset: error: nothing was written: review is not valid.\n');
    await expect(stat(path.join(project, '.agents'))).rejects.toThrow(/ENOENT/);

    const usage = await runSkillset(['export', '--to', 'vim'], { cwd: project, env });
    expect(usage.exitCode).toBe(2);
    expect(usage.stderr).toContain(
      "argument 'vim' is invalid. Allowed choices are claude, codex, opencode, gemini, agents.",
    );
  });
});

describe('skillset export: the agents sync fills, one copy each', () => {
  it('writes one copy per agent, none where an agent already reads the skill', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeSkillTree(path.join(project, 'library'), [
      { name: 'triage', description: 'Triage an incoming bug report.' },
    ]);
    const all = await runSkillset(
      [
        'export',
        ...['--to', 'claude', '--to', 'codex', '--to', 'opencode', '--to', 'gemini'],
        ...['--dir', 'library', 'triage', '--json'],
      ],
      { cwd: project, env },
    );
    expect(all.stderr).toBe('');
    expect(all.exitCode).toBe(0);
    const report = JSON.parse(all.stdout);
    expect(report.to).toEqual(['claude', 'codex', 'opencode', 'gemini']);
    // OpenCode reads .claude/skills and .agents/skills, Gemini CLI .agents/skills: so Codex's copy
    // goes to .codex/skills, which only Codex reads, and Gemini CLI gets .gemini/skills.
    expect(
      report.skills.map((skill: { path: string; agents: string[] }) => [
        path.relative(project, skill.path),
        skill.agents,
      ]),
    ).toEqual([
      ['.claude/skills/triage', ['claude', 'opencode']],
      ['.codex/skills/triage', ['codex']],
      ['.gemini/skills/triage', ['gemini']],
    ]);
    await expect(stat(path.join(project, '.agents/skills/triage'))).rejects.toThrow(/ENOENT/);
    await expect(stat(path.join(project, '.opencode/skills/triage'))).rejects.toThrow(/ENOENT/);

    // A skill in .claude/skills is already read by Claude Code and OpenCode: only Codex gets one.
    const review = await runSkillset(
      ['export', '--to', 'claude', '--to', 'opencode', '--to', 'codex', 'review'],
      { cwd: project, env },
    );
    expect(review.stdout).toBe('✓ review  copied to .codex/skills/review\n');
    const none = await runSkillset(['export', '--to', 'opencode'], { cwd: project, env });
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toBe(
      'skillset: error: no project skills to export: OpenCode already reads every one where it is; name the skills to export or pass --dir.\n',
    );
  });

  it('takes --to agents as codex with a note, and warns when an older copy makes a second one', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeSkillTree(path.join(project, '.codex/skills'), [
      { name: 'deploy', description: 'An older copy, exported for Codex before.' },
    ]);
    const run = await runSkillset(['export', '--to', 'agents', 'deploy'], { cwd: project, env });
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe('✓ deploy  copied to .agents/skills/deploy\n');
    expect(run.stderr).toBe(
      [
        'skillset: note: --to agents is now --to codex: .agents/skills, which Codex, OpenCode and Gemini CLI read.',
        'skillset: warning: Codex reads deploy from .agents/skills/deploy and .codex/skills/deploy; remove all but one so it sees one copy',
        '',
      ].join('\n'),
    );
  });
});

describe('skillset export and pack: what the target agent would reject', () => {
  it('refuses a description over the spec limit for export and pack, and writes it with --force', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeFile(
      path.join(project, '.claude/skills/review/SKILL.md'),
      longDescriptionSkill('review', 1068),
    );
    const reason =
      'review: description is 1,068 characters; the Agent Skills spec allows 1,024; Gemini CLI would reject it — shorten it or pass --force';
    const run = await runSkillset(['export', '--to', 'gemini'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toBe('✗ review  .claude/skills/review\n');
    expect(run.stderr).toBe(`skillset: error: ${reason}\nskillset: error: nothing was written.\n`);
    await expect(stat(path.join(project, '.gemini'))).rejects.toThrow(/ENOENT/);

    const json = await runSkillset(['export', '--to', 'codex', 'review', '--json'], {
      cwd: project,
      env,
    });
    expect(json.exitCode).toBe(1);
    expect(JSON.parse(json.stdout).skills[0]).toMatchObject({
      name: 'review',
      valid: true,
      action: 'rejected',
      rejections: [
        {
          code: 'description_too_long',
          severity: 'error',
          field: 'description',
          message:
            'description is 1,068 characters; the Agent Skills spec allows 1,024; Codex would reject it — shorten it',
        },
      ],
    });

    const forced = await runSkillset(['export', '--to', 'gemini', '--force'], {
      cwd: project,
      env,
    });
    expect(forced.exitCode).toBe(0);
    expect(forced.stderr).toBe(
      'skillset: warning: review: description is 1,068 characters; the Agent Skills spec allows 1,024; Gemini CLI would reject it — shorten it; written anyway (--force)\n',
    );
    expect(await readdir(path.join(project, '.gemini/skills'))).toEqual(['deploy', 'review']);

    const pack = await runSkillset(['pack', 'review'], { cwd: project, env });
    expect(pack.exitCode).toBe(1);
    expect(pack.stderr).toBe(
      'skillset: error: review: description is 1,068 characters; the Agent Skills spec allows 1,024; claude.ai would reject it — shorten it or pass --force\n',
    );
    await expect(stat(path.join(project, 'review.zip'))).rejects.toThrow(/ENOENT/);
    const packed = await runSkillset(['pack', 'review', '--force'], { cwd: project, env });
    expect(packed.exitCode).toBe(0);
    expect(packed.stderr).toContain('packed anyway (--force)');
    expect(readSkillPackage(await readFile(path.join(project, 'review.zip'))).ok).toBe(true);
  });

  it('exports at the limit, and keeps fields the spec does not list (agents ignore them)', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    await writeFile(
      path.join(project, '.claude/skills/review/SKILL.md'),
      `---\nname: review\ndescription: ${'d'.repeat(1024)}\ndisable-model-invocation: true\n---\nBody.\n`,
    );
    const run = await runSkillset(['export', '--to', 'codex', 'review'], {
      cwd: project,
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const pack = await runSkillset(['pack', 'review'], { cwd: project, env });
    expect(pack.stderr).toBe('');
    expect(pack.exitCode).toBe(0);
  });
});

describe('skillset export --link: relative links', () => {
  it('keeps working after the project folder is moved', async () => {
    const { dir, project, env } = await createProject();
    await using _ = dir;
    const run = await runSkillset(['export', '--to', 'codex', '--link'], { cwd: project, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(await readlink(path.join(project, '.agents/skills/deploy'))).toBe(
      '../../.claude/skills/deploy',
    );

    const moved = path.join(dir.path, 'moved');
    await rename(project, moved);
    const link = path.join(moved, '.agents/skills/deploy');
    expect(await realpath(link)).toBe(await realpath(path.join(moved, '.claude/skills/deploy')));
    expect(await readFile(path.join(link, 'notes.md'), 'utf8')).toBe('# Notes\n');
    const again = await runSkillset(['export', '--to', 'codex', '--link', 'deploy', 'review'], {
      cwd: moved,
      env,
    });
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toBe(
      '= deploy  already in .agents/skills/deploy\n= review  already in .agents/skills/review\n',
    );
  });
});

describe('installed folder and file modes', () => {
  it('export and add write folders 0755 and files 0644 or 0755, even under umask 077', async () => {
    const { dir, project, home, env } = await createProject();
    await using _ = dir;
    await chmod(path.join(project, '.claude/skills/deploy/notes.md'), 0o600);
    const exported = await spawnWithTightUmask(['export', '--to', 'codex', 'deploy'], {
      cwd: project,
      env,
    });
    expect(exported.stderr).toBe('');
    expect(exported.exitCode).toBe(0);
    const target = path.join(project, '.agents/skills/deploy');
    const modes = async (root: string) => ({
      folder: await modeOf(root),
      scripts: await modeOf(path.join(root, 'scripts')),
      skill: await modeOf(path.join(root, 'SKILL.md')),
      notes: await modeOf(path.join(root, 'notes.md')),
      script: await modeOf(path.join(root, 'scripts/run.sh')),
    });
    const expected = { folder: '755', scripts: '755', skill: '644', notes: '644', script: '755' };
    expect(await modes(target)).toEqual(expected);

    const added = await spawnWithTightUmask(
      ['add', path.join(project, '.claude/skills/deploy'), '--scope', 'personal'],
      { cwd: project, env },
    );
    expect(added.exitCode).toBe(0);
    expect(await modes(path.join(home, '.claude/skills/deploy'))).toEqual(expected);
  });
});
