import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';

function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args],
    { cwd, stdio: 'pipe', env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1' } },
  )
    .toString()
    .trim();
}

/**
 * A project, a HOME, and a bare repository `acme/skills` that git reaches as
 * `https://github.com/acme/skills.git` through `url.<base>.insteadOf`, so nothing touches the network.
 */
async function createGitHubWorkspace() {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  const github = path.join(dir.path, 'github');
  const work = path.join(dir.path, 'work');
  await mkdir(project, { recursive: true });
  await mkdir(path.join(github, 'acme'), { recursive: true });
  await writeSkillTree(path.join(work, 'skills'), [
    { name: 'alpha', description: 'Alpha.', files: { 'notes.md': 'alpha notes\n' } },
    { name: 'beta', description: 'Beta.' },
  ]);
  git(work, 'init', '--quiet', '--initial-branch=main');
  git(work, 'add', '.');
  git(work, 'commit', '--quiet', '-m', 'skills');
  const bare = path.join(github, 'acme/skills.git');
  git(dir.path, 'clone', '--quiet', '--bare', work, bare);
  git(work, 'remote', 'add', 'origin', bare);
  const env = {
    HOME: home,
    XDG_CACHE_HOME: path.join(dir.path, 'cache'),
    XDG_CONFIG_HOME: path.join(dir.path, 'config'),
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_COUNT: '1',
    GIT_CONFIG_KEY_0: `url.file://${github}/.insteadOf`,
    GIT_CONFIG_VALUE_0: 'https://github.com/',
  };
  /** Commits a change to the working copy and pushes it to the "GitHub" repository. */
  const push = async (file: string, text: string) => {
    await writeFile(path.join(work, file), text);
    git(work, 'add', '.');
    git(work, 'commit', '--quiet', '-m', `change ${file}`);
    git(work, 'push', '--quiet', 'origin', 'main');
    return git(work, 'rev-parse', 'HEAD');
  };
  const head = () => git(work, 'rev-parse', 'HEAD');
  const lock = async (file = path.join(project, 'skillset-lock.json')) =>
    JSON.parse(await readFile(file, 'utf8'));
  return { dir, project, home, work, env, push, head, lock };
}

describe('skillset add with a lockfile', () => {
  it('installs owner/repo/path@ref from GitHub and records the commit and every file digest', async () => {
    const { dir, project, env, head, lock } = await createGitHubWorkspace();
    await using _ = dir;
    const run = await spawnSkillset(['add', 'acme/skills/skills/alpha@main'], {
      cwd: project,
      env,
    });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const commit = head();
    expect(run.stdout).toBe(
      [
        '✓ alpha  acme/skills/skills/alpha@main',
        '    unsigned',
        '    writes .claude/skills/alpha/',
        '      SKILL.md  73 bytes',
        '      notes.md  12 bytes',
        `Added alpha in .claude/skills/alpha (2 files, commit ${commit.slice(0, 7)}).`,
        'Recorded in skillset-lock.json.',
        '',
      ].join('\n'),
    );
    const skillText = await readFile(path.join(project, '.claude/skills/alpha/SKILL.md'));
    expect(await lock()).toEqual({
      version: 1,
      skills: {
        alpha: {
          source: {
            type: 'git',
            spec: 'acme/skills/skills/alpha@main',
            url: 'https://github.com/acme/skills.git',
            ref: 'main',
            path: 'skills/alpha',
            commit,
          },
          folders: ['.claude/skills/alpha'],
          files: {
            'SKILL.md': sha256Hex(skillText),
            'notes.md': sha256Hex(new TextEncoder().encode('alpha notes\n')),
          },
        },
      },
    });
  });

  it('installs from a GitHub tree URL, and records a personal install in the user config', async () => {
    const { dir, home, project, env, head, lock } = await createGitHubWorkspace();
    await using _ = dir;
    const run = await runSkillset(
      [
        'add',
        'https://github.com/acme/skills/tree/main/skills/beta',
        '--scope',
        'personal',
        '--json',
      ],
      { cwd: project, env },
    );
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    const lockFile = path.join(env.XDG_CONFIG_HOME, 'skillset/skillset-lock.json');
    const source = {
      type: 'git',
      spec: 'https://github.com/acme/skills/tree/main/skills/beta',
      url: 'https://github.com/acme/skills.git',
      ref: 'main',
      path: 'skills/beta',
      commit: head(),
    };
    expect(JSON.parse(run.stdout)).toMatchObject({
      scope: 'personal',
      written: true,
      lockfile: lockFile,
      skills: [{ name: 'beta', path: path.join(home, '.claude/skills/beta'), origin: source }],
    });
    expect((await lock(lockFile)).skills.beta).toMatchObject({
      source,
      folders: ['../../home/.claude/skills/beta'],
    });
    await expect(stat(path.join(project, 'skillset-lock.json'))).rejects.toThrow(/ENOENT/);
  });

  it('pins a commit, full or abbreviated, and a local path wins over the shorthand', async () => {
    const { dir, project, env, head, push, lock } = await createGitHubWorkspace();
    await using _ = dir;
    const first = head();
    await push('skills/alpha/notes.md', 'newer\n');
    const full = await runSkillset(['add', `acme/skills/skills/alpha@${first}`], {
      cwd: project,
      env,
    });
    expect(full.stderr).toBe('');
    expect((await lock()).skills.alpha.source.commit).toBe(first);
    expect(await readFile(path.join(project, '.claude/skills/alpha/notes.md'), 'utf8')).toBe(
      'alpha notes\n',
    );
    const short = await runSkillset(
      ['add', '--force', `acme/skills/skills/alpha@${first.slice(0, 8)}`],
      {
        cwd: project,
        env,
      },
    );
    expect(short.stderr).toBe('');
    expect((await lock()).skills.alpha.source).toMatchObject({
      ref: first.slice(0, 8),
      commit: first,
    });

    await writeSkillTree(path.join(project, 'acme/skills'), [
      { path: '.', name: 'local-one', description: 'A local skill.' },
    ]);
    const local = await runSkillset(['add', 'acme/skills'], { cwd: project, env });
    expect(local.stderr).toBe('');
    expect((await lock()).skills['local-one'].source).toEqual({
      type: 'local',
      spec: 'acme/skills',
      path: 'acme/skills',
    });
  });

  it('says clearly what is wrong: an unknown repository, a missing folder, a bad ref, a broken lockfile', async () => {
    const { dir, project, env, head } = await createGitHubWorkspace();
    await using _ = dir;
    const unknown = await runSkillset(['add', 'acme/nothing'], { cwd: project, env });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toMatch(
      /^skillset: error: acme\/nothing is not a local path, and acme\/nothing could not be cloned from GitHub: git clone https:\/\/github\.com\/acme\/nothing\.git failed: .*does not appear to be a git repository/,
    );
    const missing = await runSkillset(['add', 'acme/skills/skills/zeta@main'], {
      cwd: project,
      env,
    });
    expect(missing.stderr).toBe(
      `skillset: error: There is no folder skills/zeta in acme/skills@main (commit ${head().slice(0, 7)}).\n`,
    );
    const badRef = await runSkillset(['add', 'acme/skills/skills/alpha@nope'], {
      cwd: project,
      env,
    });
    expect(badRef.stderr).toBe(
      'skillset: error: acme/skills/skills/alpha@nope is not a local path, and acme/skills@nope could not be cloned from GitHub: git clone https://github.com/acme/skills.git at nope failed: the repository has no branch or tag named nope\n',
    );
    await expect(stat(path.join(project, '.claude'))).rejects.toThrow(/ENOENT/);

    const lockFile = path.join(project, 'skillset-lock.json');
    await writeFile(lockFile, '{"version": 2, "skills": {}}');
    for (const args of [['add', 'acme/skills/skills/alpha'], ['update'], ['remove', 'alpha']]) {
      const run = await runSkillset(args, { cwd: project, env });
      expect(run.exitCode, args.join(' ')).toBe(1);
      expect(run.stderr).toMatch(
        /^skillset: error: \S+skillset-lock\.json is not a Skillset lockfile: version: .*; fix or delete it\.\n$/,
      );
    }
    await expect(stat(path.join(project, '.claude'))).rejects.toThrow(/ENOENT/);
  });
});

describe('skillset update', () => {
  it('applies a new upstream commit, then reports the skill up to date', async () => {
    const { dir, project, env, push, lock } = await createGitHubWorkspace();
    await using _ = dir;
    const add = await runSkillset(['add', 'acme/skills/skills', '--all'], { cwd: project, env });
    expect(add.stderr).toBe('');
    const before = (await lock()).skills.alpha.source.commit;
    const after = await push('skills/alpha/notes.md', 'alpha notes, improved\n');

    const run = await spawnSkillset(['update'], { cwd: project, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toBe(
      [
        `✓ alpha  updated ${before.slice(0, 7)} → ${after.slice(0, 7)}: notes.md changed`,
        '    unsigned',
        `✓ beta  up to date (commit ${after.slice(0, 7)})`,
        '',
      ].join('\n'),
    );
    expect(await readFile(path.join(project, '.claude/skills/alpha/notes.md'), 'utf8')).toBe(
      'alpha notes, improved\n',
    );
    const updated = (await lock()).skills;
    expect(updated.alpha.source.commit).toBe(after);
    expect(updated.alpha.files['notes.md']).toBe(
      sha256Hex(new TextEncoder().encode('alpha notes, improved\n')),
    );
    expect(updated.beta.source.commit).toBe(after);

    const again = await runSkillset(['update', 'ALPHA', '--json'], { cwd: project, env });
    expect(again.exitCode).toBe(0);
    expect(JSON.parse(again.stdout)).toEqual({
      scope: 'project',
      lockfile: path.join(project, 'skillset-lock.json'),
      skills: [
        {
          name: 'alpha',
          status: 'up_to_date',
          from: after,
          to: after,
          folders: [path.join(project, '.claude/skills/alpha')],
        },
      ],
    });
    const unknown = await runSkillset(['update', 'gamma'], { cwd: project, env });
    expect(unknown.exitCode).toBe(1);
    expect(unknown.stderr).toBe(
      'skillset: error: gamma is not in skillset-lock.json (skills installed by skillset add: alpha, beta).\n',
    );
  });

  it('leaves a locally edited skill alone, naming the file, and replaces it with --force', async () => {
    const { dir, project, env, push, lock } = await createGitHubWorkspace();
    await using _ = dir;
    expect(
      (await runSkillset(['add', 'acme/skills/skills/alpha'], { cwd: project, env })).exitCode,
    ).toBe(0);
    const skillFile = path.join(project, '.claude/skills/alpha/SKILL.md');
    await writeFile(skillFile, '---\nname: alpha\ndescription: Mine.\n---\nMy edit.\n');
    const installed = (await lock()).skills.alpha;
    await push('skills/alpha/notes.md', 'upstream change\n');

    const refused = await spawnSkillset(['update'], { cwd: project, env });
    expect(refused.exitCode).toBe(1);
    expect(refused.stdout).toBe('✗ alpha  locally edited: SKILL.md changed\n');
    expect(refused.stderr).toBe(
      'skillset: error: alpha has local edits in .claude/skills/alpha (SKILL.md changed); pass --force to replace them.\n',
    );
    expect(await readFile(skillFile, 'utf8')).toContain('My edit.');
    expect((await lock()).skills.alpha).toEqual(installed);

    const forced = await runSkillset(['update', 'alpha', '--force', '--json'], {
      cwd: project,
      env,
    });
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(forced.stdout).skills[0]).toMatchObject({
      name: 'alpha',
      status: 'updated',
      changes: { changed: ['notes.md'], added: [], removed: [] },
      localEdits: { changed: ['SKILL.md'], added: [], removed: [] },
    });
    expect(await readFile(skillFile, 'utf8')).not.toContain('My edit.');
    expect(await readFile(path.join(project, '.claude/skills/alpha/notes.md'), 'utf8')).toBe(
      'upstream change\n',
    );
    expect((await runSkillset(['update'], { cwd: project, env })).stdout).toMatch(
      /^✓ alpha {2}up to date/,
    );
  });
});

describe('skillset remove', () => {
  it('deletes the folders and the entry of a locked skill, and refuses others', async () => {
    const { dir, project, env, lock } = await createGitHubWorkspace();
    await using _ = dir;
    const add = await runSkillset(['add', 'acme/skills/skills', '--all'], { cwd: project, env });
    expect(add.exitCode).toBe(0);
    await writeSkillTree(path.join(project, '.claude/skills'), [
      { name: 'manual', description: 'Copied by hand.' },
    ]);

    const notLocked = await spawnSkillset(['remove', 'manual'], { cwd: project, env });
    expect(notLocked.exitCode).toBe(1);
    expect(notLocked.stderr).toBe(
      'skillset: error: manual is not in skillset-lock.json: it was not installed by skillset add; delete .claude/skills/manual yourself.\nskillset: error: nothing was removed.\n',
    );
    expect(await readdir(path.join(project, '.claude/skills'))).toEqual([
      'alpha',
      'beta',
      'manual',
    ]);

    await writeFile(path.join(project, '.claude/skills/beta/mine.md'), 'mine');
    const edited = await runSkillset(['remove', 'alpha', 'beta'], { cwd: project, env });
    expect(edited.exitCode).toBe(1);
    expect(edited.stderr).toBe(
      'skillset: error: beta has local edits in .claude/skills/beta (mine.md added); pass --force to remove it anyway.\nskillset: error: nothing was removed.\n',
    );
    expect(Object.keys((await lock()).skills)).toEqual(['alpha', 'beta']);

    const removed = await spawnSkillset(['remove', 'alpha'], { cwd: project, env });
    expect(removed.stderr).toBe('');
    expect(removed.exitCode).toBe(0);
    expect(removed.stdout).toBe('Removed alpha (.claude/skills/alpha).\n');
    expect(await readdir(path.join(project, '.claude/skills'))).toEqual(['beta', 'manual']);
    expect(Object.keys((await lock()).skills)).toEqual(['beta']);

    const forced = await runSkillset(['remove', 'beta', '--force', '--json'], {
      cwd: project,
      env,
    });
    expect(forced.exitCode).toBe(0);
    expect(JSON.parse(forced.stdout)).toEqual({
      scope: 'project',
      lockfile: path.join(project, 'skillset-lock.json'),
      removed: true,
      skills: [
        {
          name: 'beta',
          folders: [path.join(project, '.claude/skills/beta')],
          localEdits: { changed: [], added: ['mine.md'], removed: [] },
        },
      ],
    });
    expect(await readdir(path.join(project, '.claude/skills'))).toEqual(['manual']);
    expect((await lock()).skills).toEqual({});
  });

  it('never deletes a folder a lockfile names outside the skills folders', async () => {
    const { dir, project, env } = await createGitHubWorkspace();
    await using _ = dir;
    const victim = path.join(dir.path, 'victim');
    await mkdir(victim);
    await writeFile(path.join(victim, 'keep.txt'), 'keep');
    const entry = {
      source: { type: 'local', spec: 'x', path: 'x' },
      folders: ['../victim'],
      files: { 'keep.txt': sha256Hex(new TextEncoder().encode('keep')) },
    };
    await writeFile(
      path.join(project, 'skillset-lock.json'),
      JSON.stringify({ version: 1, skills: { evil: entry } }),
    );
    const run = await runSkillset(['remove', 'evil', '--force'], { cwd: project, env });
    expect(run.exitCode).toBe(1);
    expect(run.stderr).toContain('which is not in a skills folder of this scope');
    expect(await readFile(path.join(victim, 'keep.txt'), 'utf8')).toBe('keep');
    await rm(victim, { recursive: true });
  });
});
