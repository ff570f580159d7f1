import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir, writeSkillTree } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { runSkillset, spawnSkillset } from '../support/run-skillset.ts';

interface ListedJson {
  name: string;
  scope: string;
  path: string;
  eligible: boolean;
  missing: Record<string, string[]>;
  shadows: Array<{ scope: string; path: string }>;
}

function mine(stdout: string): ListedJson[] {
  const { skills } = JSON.parse(stdout) as { skills: ListedJson[] };
  return skills.filter((skill) => skill.scope !== 'builtin');
}

const otherOs = process.platform === 'linux' ? 'windows' : 'linux';

function requiring(name: string, requires: string): string {
  return `---\nname: ${name}\ndescription: Needs things.\nrequires:\n${requires}---\nBody.\n`;
}

describe('skillset list and show: where skills come from', () => {
  it('walks up to the git root (nearest folder first) and reads .github, ~/.codex and ~/.config/opencode', async () => {
    await using dir = await createTempDir();
    const repo = path.join(dir.path, 'repo');
    const cwd = path.join(repo, 'packages/app');
    const home = path.join(dir.path, 'home');
    await mkdir(path.join(repo, '.git'), { recursive: true });
    await writeSkillTree(path.join(dir.path, '.agents/skills'), [{ name: 'above-root' }]);
    await writeSkillTree(path.join(repo, '.github/skills'), [
      { name: 'review', description: 'Repository review.' },
      { name: 'release' },
    ]);
    await writeSkillTree(path.join(cwd, '.agents/skills'), [
      { name: 'review', description: 'App review.' },
    ]);
    await writeSkillTree(path.join(home, '.codex/skills'), [{ name: 'codex-only' }]);
    await writeSkillTree(path.join(home, '.config/opencode/skills'), [{ name: 'opencode-only' }]);
    const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const run = await spawnSkillset(['list', '--json'], { cwd, env });
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(0);
    expect(
      mine(run.stdout).map((skill) => [
        skill.name,
        skill.scope,
        path.relative(dir.path, skill.path),
        skill.shadows.map((shadow) => path.relative(dir.path, shadow.path)),
      ]),
    ).toEqual([
      ['codex-only', 'personal', 'home/.codex/skills/codex-only', []],
      ['opencode-only', 'personal', 'home/.config/opencode/skills/opencode-only', []],
      ['release', 'project', 'repo/.github/skills/release', []],
      [
        'review',
        'project',
        'repo/packages/app/.agents/skills/review',
        ['repo/.github/skills/review'],
      ],
    ]);
  });

  it('scans a Claude Code plugin and a marketplace given with --dir', async () => {
    await using dir = await createTempDir();
    const project = path.join(dir.path, 'project');
    const plugin = path.join(dir.path, 'formatter');
    await mkdir(path.join(project, '.git'), { recursive: true });
    await mkdir(path.join(plugin, '.claude-plugin'), { recursive: true });
    await writeFile(path.join(plugin, '.claude-plugin/plugin.json'), '{"name": "formatter"}');
    await writeSkillTree(path.join(plugin, 'skills'), [{ name: 'format-code' }]);
    await writeSkillTree(plugin, [{ name: 'not-in-skills-folder' }]);
    const market = path.join(dir.path, 'market');
    await mkdir(path.join(market, '.claude-plugin'), { recursive: true });
    await writeFile(
      path.join(market, '.claude-plugin/marketplace.json'),
      JSON.stringify({ name: 'market', plugins: [{ name: 'lint', source: './plugins/lint' }] }),
    );
    await mkdir(path.join(market, 'plugins/lint/.claude-plugin'), { recursive: true });
    await writeFile(path.join(market, 'plugins/lint/.claude-plugin/plugin.json'), '{}');
    await writeSkillTree(path.join(market, 'plugins/lint/skills'), [{ name: 'lint-js' }]);
    const env = { HOME: path.join(dir.path, 'home'), XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const run = await runSkillset(['list', '--json', '--dir', plugin, '--dir', '../market'], {
      cwd: project,
      env,
    });
    expect(run.stderr).toBe('');
    expect(mine(run.stdout).map((skill) => [skill.name, skill.scope, skill.path])).toEqual([
      ['format-code', 'project', path.join(plugin, 'skills/format-code')],
      ['lint-js', 'project', path.join(market, 'plugins/lint/skills/lint-js')],
    ]);
  });
});

/** Where a skill is put, the environment that points there, and the scope `list` should give it. */
interface FolderCase {
  folder: string;
  base: 'project' | 'home' | 'dir';
  env?: Record<string, string>;
  scope: 'project' | 'personal';
}

const READ_FOLDERS: FolderCase[] = [
  { folder: '.agents/skills', base: 'project', scope: 'project' },
  { folder: '.claude/skills', base: 'project', scope: 'project' },
  { folder: '.codex/skills', base: 'project', scope: 'project' },
  { folder: '.opencode/skills', base: 'project', scope: 'project' },
  { folder: '.gemini/skills', base: 'project', scope: 'project' },
  { folder: '.agent/skills', base: 'project', scope: 'project' },
  { folder: '.github/skills', base: 'project', scope: 'project' },
  { folder: '.agents/skills', base: 'home', scope: 'personal' },
  { folder: '.claude/skills', base: 'home', scope: 'personal' },
  { folder: '.codex/skills', base: 'home', scope: 'personal' },
  {
    folder: 'codex-home/skills',
    base: 'dir',
    env: { CODEX_HOME: 'codex-home' },
    scope: 'personal',
  },
  { folder: '.config/opencode/skills', base: 'home', scope: 'personal' },
  { folder: '.gemini/skills', base: 'home', scope: 'personal' },
  {
    folder: 'xdg/opencode/skills',
    base: 'dir',
    env: { XDG_CONFIG_HOME: 'xdg' },
    scope: 'personal',
  },
  { folder: '.agent/skills', base: 'home', scope: 'personal' },
  { folder: '.config/skillset/skills', base: 'home', scope: 'personal' },
];

const IGNORED_FOLDERS: FolderCase[] = [
  { folder: 'skills', base: 'project', scope: 'project' },
  { folder: '.codex/skills', base: 'home', env: { CODEX_HOME: 'codex-home' }, scope: 'personal' },
  {
    folder: '.config/opencode/skills',
    base: 'home',
    env: { XDG_CONFIG_HOME: 'xdg' },
    scope: 'personal',
  },
];

/** Puts one skill in the case's folder and runs `skillset list --json` in a new git project. */
async function listWithSkillIn(entry: FolderCase) {
  const dir = await createTempDir();
  const project = path.join(dir.path, 'project');
  const home = path.join(dir.path, 'home');
  await mkdir(path.join(project, '.git'), { recursive: true });
  await mkdir(home, { recursive: true });
  const base = { project, home, dir: dir.path }[entry.base];
  await writeSkillTree(path.join(base, entry.folder), [{ name: 'probe' }]);
  const env: Record<string, string> = {
    HOME: home,
    XDG_CACHE_HOME: path.join(dir.path, 'cache'),
  };
  for (const [key, value] of Object.entries(entry.env ?? {})) env[key] = path.join(dir.path, value);
  const run = await runSkillset(['list', '--json'], { cwd: project, env });
  return { dir, base, run };
}

describe('skillset list: the folders each agent reads', () => {
  for (const entry of READ_FOLDERS) {
    const where = `${entry.base === 'project' ? '' : entry.base === 'home' ? '~/' : '$'}${entry.folder}`;
    it(`reads ${where}${entry.env ? ` (${Object.keys(entry.env).join(', ')} set)` : ''} as ${entry.scope}`, async () => {
      const { dir, base, run } = await listWithSkillIn(entry);
      await using _ = dir;
      expect(run.stderr).toBe('');
      expect(run.exitCode).toBe(0);
      expect(mine(run.stdout).map((skill) => [skill.name, skill.scope, skill.path])).toEqual([
        ['probe', entry.scope, path.join(base, entry.folder, 'probe')],
      ]);
    });
  }

  for (const entry of IGNORED_FOLDERS) {
    const where = `${entry.base === 'project' ? '' : '~/'}${entry.folder}`;
    it(`does not read ${where}${entry.env ? ` when ${Object.keys(entry.env).join(', ')} is set` : ''}`, async () => {
      const { dir, run } = await listWithSkillIn(entry);
      await using _ = dir;
      expect(run.exitCode).toBe(0);
      expect(mine(run.stdout)).toEqual([]);
    });
  }

  it('lets a project skill shadow personal ones of the same name', async () => {
    await using dir = await createTempDir();
    const project = path.join(dir.path, 'project');
    const home = path.join(dir.path, 'home');
    await mkdir(path.join(project, '.git'), { recursive: true });
    await writeSkillTree(path.join(home, '.claude/skills'), [
      { name: 'review', description: 'Personal.' },
    ]);
    await writeSkillTree(path.join(home, '.agents/skills'), [
      { name: 'review', description: 'Personal too.' },
    ]);
    await writeSkillTree(path.join(project, '.agent/skills'), [
      { name: 'review', description: 'Project.' },
    ]);
    const env = { HOME: home, XDG_CACHE_HOME: path.join(dir.path, 'cache') };
    const run = await runSkillset(['list', '--json'], { cwd: project, env });
    expect(
      mine(run.stdout).map((skill) => [
        skill.scope,
        path.relative(dir.path, skill.path),
        skill.shadows.map((shadow) => path.relative(dir.path, shadow.path)),
      ]),
    ).toEqual([
      [
        'project',
        'project/.agent/skills/review',
        ['home/.agents/skills/review', 'home/.claude/skills/review'],
      ],
    ]);
  });
});

describe('skillset list and show: eligibility', () => {
  it('reports which skills are not eligible here and exactly what they miss', async () => {
    await using dir = await createTempDir();
    const project = path.join(dir.path, 'project');
    await mkdir(path.join(project, '.git'), { recursive: true });
    await writeFile(
      path.join(project, 'skillset.json'),
      JSON.stringify({ config: { 'deploy.region': 'eu' } }),
    );
    await writeSkillTree(path.join(project, '.agents/skills'), [
      {
        name: 'ready',
        text: requiring(
          'ready',
          '  bins: [node]\n  env: [DEPLOY_TOKEN]\n  config: [deploy.region]\n',
        ),
      },
      {
        name: 'lacking',
        text: requiring(
          'lacking',
          `  bins: [node, skillset-no-such-bin]\n  anyBins: [no-such-a, no-such-b]\n  env: [MISSING_TOKEN]\n  config: [missing.key]\n  os: [${otherOs}]\n`,
        ),
      },
      { name: 'forced', text: requiring('forced', '  env: [MISSING_TOKEN]\n  always: true\n') },
    ]);
    const env = {
      HOME: path.join(dir.path, 'home'),
      XDG_CACHE_HOME: path.join(dir.path, 'cache'),
      DEPLOY_TOKEN: 'secret',
    };
    const json = await spawnSkillset(['list', '--json'], { cwd: project, env });
    expect(json.exitCode).toBe(0);
    const none = { bins: [], anyBins: [], env: [], config: [], os: [] };
    expect(
      mine(json.stdout).map(({ name, eligible, missing }) => ({ name, eligible, missing })),
    ).toEqual([
      { name: 'forced', eligible: true, missing: { ...none, env: ['MISSING_TOKEN'] } },
      {
        name: 'lacking',
        eligible: false,
        missing: {
          bins: ['skillset-no-such-bin'],
          anyBins: ['no-such-a', 'no-such-b'],
          env: ['MISSING_TOKEN'],
          config: ['missing.key'],
          os: [otherOs],
        },
      },
      { name: 'ready', eligible: true, missing: none },
    ]);

    const text = await spawnSkillset(['list'], { cwd: project, env });
    expect(text.stdout).toMatch(
      /✓ lacking +project +\.agents\/skills\/lacking\n {4}not eligible here: /,
    );
    expect(text.stdout).toContain(
      `    not eligible here: missing bins: skillset-no-such-bin; one of the bins: no-such-a, no-such-b; env: MISSING_TOKEN; config: missing.key; os: one of ${otherOs}\n`,
    );
    expect(text.stdout).toMatch(/✓ ready +project +\.agents\/skills\/ready\n(?! {4}not eligible)/);
    expect(text.stdout).toContain('(0 invalid, 1 not eligible here;');

    const show = await runSkillset(['show', 'lacking', '--json'], {
      cwd: project,
      env: { ...env, PATH: process.env.PATH ?? '' },
    });
    expect(show.exitCode).toBe(0);
    expect(JSON.parse(show.stdout)).toMatchObject({
      name: 'lacking',
      eligible: false,
      missing: { bins: ['skillset-no-such-bin'], os: [otherOs] },
    });
    const human = await runSkillset(['show', 'ready'], {
      cwd: project,
      env: { ...env, PATH: process.env.PATH ?? '' },
    });
    expect(human.stdout).not.toContain('not eligible');
    const lackingHuman = await runSkillset(['show', 'lacking'], { cwd: project, env });
    expect(lackingHuman.stdout).toContain(
      'not eligible here: missing bins: node, skillset-no-such-bin;',
    );
  });
});
