import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry/create-registry.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createStandardSources } from './create-standard-sources.ts';
import { findPluginSkillFolders } from './find-plugin-skill-folders.ts';
import { findProjectDirs } from './find-project-dirs.ts';
import { standardSkillLocations } from './standard-skill-locations.ts';

describe('standardSkillLocations', () => {
  it('lists --dir, project, user and built-in folders, highest precedence first', () => {
    const locations = standardSkillLocations({
      cwd: '/work/app',
      home: '/home/ann',
      dirs: ['extra'],
      builtinDir: '/opt/skillset/builtin',
    });
    expect(
      locations.map((location) => `${location.scope} ${location.origin} ${location.path}`),
    ).toEqual([
      'project dir /work/app/extra',
      'project project /work/app/.agents/skills',
      'project project /work/app/.claude/skills',
      'project project /work/app/.codex/skills',
      'project project /work/app/.opencode/skills',
      'project project /work/app/.gemini/skills',
      'project project /work/app/.agent/skills',
      'project project /work/app/.github/skills',
      'personal user /home/ann/.agents/skills',
      'personal user /home/ann/.claude/skills',
      'personal user /home/ann/.codex/skills',
      'personal user /home/ann/.config/opencode/skills',
      'personal user /home/ann/.gemini/skills',
      'personal user /home/ann/.agent/skills',
      'personal user /home/ann/.config/skillset/skills',
      'builtin builtin /opt/skillset/builtin',
    ]);
  });

  it('follows CODEX_HOME and XDG_CONFIG_HOME for the Codex and OpenCode folders only', () => {
    const locations = standardSkillLocations({
      cwd: '/work/app',
      home: '/home/ann',
      projectDirs: [],
      env: { CODEX_HOME: '/opt/codex', XDG_CONFIG_HOME: 'config' },
    });
    expect(locations.map((location) => location.path)).toEqual([
      '/home/ann/.agents/skills',
      '/home/ann/.claude/skills',
      '/opt/codex/skills',
      '/work/app/config/opencode/skills',
      '/home/ann/.gemini/skills',
      '/home/ann/.agent/skills',
      '/home/ann/.config/skillset/skills',
    ]);
  });

  it('keeps a folder listed twice only at its higher place', () => {
    const locations = standardSkillLocations({
      cwd: '/home/ann',
      home: '/home/ann',
      dirs: ['.claude/skills'],
    });
    const claude = locations.filter((location) => location.path === '/home/ann/.claude/skills');
    expect(claude).toEqual([{ path: '/home/ann/.claude/skills', scope: 'project', origin: 'dir' }]);
  });
});

describe('createStandardSources', () => {
  it('creates sources for existing folders only and lets project skills shadow personal ones', async () => {
    await using dir = await createTempDir();
    const cwd = join(dir.path, 'project');
    const home = join(dir.path, 'home');
    await mkdir(join(cwd, '.git'), { recursive: true });
    await writeSkillTree(join(cwd, '.claude/skills'), [
      { name: 'review', description: 'Project review.' },
    ]);
    await writeSkillTree(join(cwd, '.agent/skills'), [
      { name: 'review', description: 'Later project folder.' },
    ]);
    await writeSkillTree(join(cwd, 'skills'), [{ name: 'not-a-location' }]);
    await writeSkillTree(join(home, '.agents/skills'), [
      { name: 'review', description: 'Personal review.' },
      { name: 'notes' },
    ]);
    const sources = createStandardSources({
      cwd,
      home,
      env: {},
      dirs: ['missing-dir'],
      cacheDir: false,
    });
    expect(sources.map((source) => source.root)).toEqual([
      join(cwd, 'missing-dir'),
      join(cwd, '.claude/skills'),
      join(cwd, '.agent/skills'),
      join(home, '.agents/skills'),
    ]);
    const registry = createRegistry({ sources });
    const review = await registry.get('Review');
    expect(review?.description).toBe('Project review.');
    expect(review?.shadows.map((shadow) => [shadow.scope, shadow.path])).toEqual([
      ['project', join(cwd, '.agent/skills/review')],
      ['personal', join(home, '.agents/skills/review')],
    ]);
    expect((await registry.issues()).map((issue) => [issue.code, issue.severity])).toEqual([
      ['source_root_missing', 'error'],
    ]);
    await registry.close();
  });
});

describe('findProjectDirs', () => {
  it('walks up from the current folder to the git root, nearest first', async () => {
    await using dir = await createTempDir();
    const root = join(dir.path, 'repo');
    const cwd = join(root, 'packages/app/src');
    await mkdir(cwd, { recursive: true });
    await writeFile(join(root, '.git'), 'gitdir: elsewhere\n');
    expect(findProjectDirs({ cwd, home: join(dir.path, 'home') })).toEqual([
      cwd,
      join(root, 'packages/app'),
      join(root, 'packages'),
      root,
    ]);
  });

  it('stops below the home folder when there is no git root', async () => {
    await using dir = await createTempDir();
    const home = join(dir.path, 'home');
    const cwd = join(home, 'notes/today');
    await mkdir(cwd, { recursive: true });
    expect(findProjectDirs({ cwd, home })).toEqual([cwd, join(home, 'notes')]);
    expect(findProjectDirs({ cwd: home, home })).toEqual([home]);
  });

  it('lets a nearer project folder shadow a farther one, and finds .github/skills', async () => {
    await using dir = await createTempDir();
    const root = join(dir.path, 'repo');
    const cwd = join(root, 'app');
    await mkdir(join(root, '.git'), { recursive: true });
    await writeSkillTree(join(root, '.claude/skills'), [
      { name: 'review', description: 'Repository review.' },
      { name: 'deploy' },
    ]);
    await writeSkillTree(join(cwd, '.github/skills'), [
      { name: 'review', description: 'App review.' },
    ]);
    const registry = createRegistry({
      sources: createStandardSources({ cwd, home: join(dir.path, 'home'), cacheDir: false }),
    });
    expect((await registry.get('review'))?.description).toBe('App review.');
    expect((await registry.get('deploy'))?.scope).toBe('project');
    await registry.close();
  });
});

describe('Claude Code plugins given with --dir', () => {
  it("scans a plugin's skills/ and the plugins a marketplace lists", async () => {
    await using dir = await createTempDir();
    const plugin = join(dir.path, 'my-plugin');
    await writeFile(
      join(await mkdirs(plugin, '.claude-plugin'), 'plugin.json'),
      '{"name":"tools"}',
    );
    await writeSkillTree(join(plugin, 'skills'), [{ name: 'format-code' }]);
    const market = join(dir.path, 'market');
    await writeFile(
      join(await mkdirs(market, '.claude-plugin'), 'marketplace.json'),
      JSON.stringify({
        name: 'market',
        plugins: [
          { name: 'one', source: './plugins/one' },
          { name: 'remote', source: { source: 'github', repo: 'a/b' } },
        ],
      }),
    );
    const one = join(market, 'plugins/one');
    await writeFile(
      join(await mkdirs(one, '.claude-plugin'), 'plugin.json'),
      JSON.stringify({ name: 'one', skills: ['./extra', '../../escape'] }),
    );
    await writeSkillTree(join(one, 'skills'), [{ name: 'lint' }]);
    await writeSkillTree(join(one, 'extra'), [{ name: 'audit' }]);
    expect(findPluginSkillFolders(market)).toEqual([
      { plugin: 'one', root: one, folders: [join(one, 'skills'), join(one, 'extra')] },
    ]);
    const sources = createStandardSources({
      cwd: dir.path,
      home: join(dir.path, 'home'),
      projectDirs: [],
      dirs: [plugin, market],
      cacheDir: false,
    });
    expect(sources.map((source) => [source.id, source.root])).toEqual([
      [`plugin:tools:${join(plugin, 'skills')}`, join(plugin, 'skills')],
      [`plugin:one:${join(one, 'skills')}`, join(one, 'skills')],
      [`plugin:one:${join(one, 'extra')}`, join(one, 'extra')],
    ]);
    const registry = createRegistry({ sources });
    expect((await registry.list()).map((entry) => [entry.name, entry.scope])).toEqual([
      ['audit', 'project'],
      ['format-code', 'project'],
      ['lint', 'project'],
    ]);
    expect(await registry.issues()).toEqual([]);
    await registry.close();
  });

  it('reports a plugin given with --dir that has no skills folder', async () => {
    await using dir = await createTempDir();
    const plugin = join(dir.path, 'empty-plugin');
    await writeFile(join(await mkdirs(plugin, '.claude-plugin'), 'plugin.json'), '{}');
    const registry = createRegistry({
      sources: createStandardSources({
        cwd: dir.path,
        home: join(dir.path, 'home'),
        projectDirs: [],
        dirs: [plugin],
        cacheDir: false,
      }),
    });
    const issues = await registry.issues();
    expect(issues.map((issue) => [issue.code, issue.severity])).toEqual([
      ['source_root_missing', 'error'],
    ]);
    expect(issues[0]?.message).toContain(join(plugin, 'skills'));
    await registry.close();
  });
});

async function mkdirs(...parts: string[]): Promise<string> {
  const path = join(...parts);
  await mkdir(path, { recursive: true });
  return path;
}
