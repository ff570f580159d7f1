import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRegistry } from '../registry/create-registry.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createStandardSources } from './create-standard-sources.ts';
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
      'project project /work/app/skills',
      'personal user /home/ann/.agents/skills',
      'personal user /home/ann/.claude/skills',
      'personal user /home/ann/.config/skillset/skills',
      'builtin builtin /opt/skillset/builtin',
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
    await writeSkillTree(join(cwd, '.claude/skills'), [
      { name: 'review', description: 'Project review.' },
    ]);
    await writeSkillTree(join(cwd, 'skills'), [
      { name: 'review', description: 'Later project folder.' },
    ]);
    await writeSkillTree(join(home, '.agents/skills'), [
      { name: 'review', description: 'Personal review.' },
      { name: 'notes' },
    ]);
    const sources = createStandardSources({ cwd, home, dirs: ['missing-dir'], cacheDir: false });
    expect(sources.map((source) => source.root)).toEqual([
      join(cwd, 'missing-dir'),
      join(cwd, '.claude/skills'),
      join(cwd, 'skills'),
      join(home, '.agents/skills'),
    ]);
    const registry = createRegistry({ sources });
    const review = await registry.get('Review');
    expect(review?.description).toBe('Project review.');
    expect(review?.shadows.map((shadow) => [shadow.scope, shadow.path])).toEqual([
      ['project', join(cwd, 'skills/review')],
      ['personal', join(home, '.agents/skills/review')],
    ]);
    expect((await registry.issues()).map((issue) => [issue.code, issue.severity])).toEqual([
      ['source_root_missing', 'error'],
    ]);
    await registry.close();
  });
});
