import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createFolderSource } from './create-folder-source.ts';
import { defaultCacheDir, INDEX_CACHE_VERSION, indexCacheFile } from './index-cache.ts';

async function setup() {
  const dir = await createTempDir();
  const root = join(dir.path, 'skills');
  const cacheDir = join(dir.path, 'cache');
  await writeSkillTree(root, [
    { name: 'one' },
    { name: 'two', path: 'group/two' },
    { name: 'three' },
  ]);
  const open = () => createFolderSource({ root, scope: 'project', cacheDir });
  return { dir, root, cacheDir, open };
}

describe('index cache', () => {
  it('writes one cache file per root and reuses every unchanged entry without reading it', async () => {
    const { dir, root, cacheDir, open } = await setup();
    await using _dir = dir;
    const cold = open();
    const coldSkills = (await cold.load()).skills;
    expect(cold.lastScan()).toMatchObject({ cache: 'missing', parsed: 3, reused: 0 });
    expect(await readdir(cacheDir)).toEqual([
      indexCacheFile(cacheDir, { root, profile: 'default' }).slice(cacheDir.length + 1),
    ]);

    const warm = open();
    const warmSkills = (await warm.load()).skills;
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', parsed: 0, reused: 3, bytesRead: 0 });
    expect(warmSkills).toEqual(coldSkills);
  });

  it('re-parses a skill whose size or mtime changed and finds added and removed ones', async () => {
    const { dir, root, open } = await setup();
    await using _dir = dir;
    await open().load();
    await writeFile(
      join(root, 'one/SKILL.md'),
      buildSkill({ name: 'one', description: 'Changed.' }),
    );
    const sameSize = buildSkill({ name: 'three' }).replace('three skill', 'THREE skill');
    await writeFile(join(root, 'three/SKILL.md'), sameSize);
    await utimes(join(root, 'three/SKILL.md'), new Date(), new Date(Date.now() + 5000));
    await writeSkillTree(root, [{ name: 'four' }]);
    const { rm } = await import('node:fs/promises');
    await rm(join(root, 'group'), { recursive: true });

    const warm = open();
    const { skills } = await warm.load();
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', parsed: 3, reused: 0 });
    expect(skills.map((skill) => [skill.name, skill.description]).sort()).toEqual([
      ['four', 'Use when a test needs the four skill.'],
      ['one', 'Changed.'],
      ['three', 'Use when a test needs the THREE skill.'],
    ]);
    const again = open();
    await again.load();
    expect(again.lastScan()).toMatchObject({ cache: 'hit', parsed: 0, reused: 3 });
  });

  it('reads a SKILL.md added next to a cached lowercase skill.md instead of reusing the old entry', async () => {
    const { dir, root, open } = await setup();
    await using _dir = dir;
    await writeSkillTree(root, [{ name: 'lower', skillFileName: 'skill.md' }]);
    await open().load();
    await writeFile(
      join(root, 'lower/SKILL.md'),
      buildSkill({ name: 'lower', description: 'Upper.' }),
    );

    const warm = open();
    const { skills } = await warm.load();
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', parsed: 1, reused: 3 });
    const lower = skills.find((skill) => skill.name === 'lower');
    expect(lower).toMatchObject({ description: 'Upper.', issues: [] });
    expect(lower?.skillFile).toBe(join(root, 'lower', 'SKILL.md'));
  });

  it('ignores a corrupt cache and rebuilds it', async () => {
    const { dir, root, cacheDir, open } = await setup();
    await using _dir = dir;
    await open().load();
    const file = indexCacheFile(cacheDir, { root, profile: 'default' });
    await writeFile(file, '{"version": 1, "skills": [tru');
    const rebuilt = open();
    expect((await rebuilt.load()).skills).toHaveLength(3);
    expect(rebuilt.lastScan()).toMatchObject({ cache: 'invalid', parsed: 3 });
    expect(JSON.parse(await readFile(file, 'utf8')).version).toBe(INDEX_CACHE_VERSION);
    const warm = open();
    await warm.load();
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', reused: 3 });
  });

  it('ignores a cache of another version or with malformed entries', async () => {
    const { dir, root, cacheDir, open } = await setup();
    await using _dir = dir;
    await open().load();
    const file = indexCacheFile(cacheDir, { root, profile: 'default' });
    const document = JSON.parse(await readFile(file, 'utf8'));
    await writeFile(file, JSON.stringify({ ...document, version: INDEX_CACHE_VERSION + 1 }));
    const otherVersion = open();
    await otherVersion.load();
    expect(otherVersion.lastScan()).toMatchObject({ cache: 'invalid', parsed: 3 });

    await writeFile(file, JSON.stringify({ ...document, skills: [{ dir: 'one' }] }));
    const malformed = open();
    expect((await malformed.load()).skills).toHaveLength(3);
    expect(malformed.lastScan()).toMatchObject({ cache: 'invalid', parsed: 3 });
  });

  it('keeps working and reports a warning when the cache cannot be written', async () => {
    const { dir, root } = await setup();
    await using _dir = dir;
    await writeFile(join(dir.path, 'not-a-folder'), '');
    const source = createFolderSource({
      root,
      scope: 'project',
      cacheDir: join(dir.path, 'not-a-folder'),
    });
    const { skills, issues } = await source.load();
    expect(skills).toHaveLength(3);
    expect(issues.map((issue) => issue.code)).toEqual(['index_cache_write_failed']);
  });

  it('uses a cache file per profile and root', () => {
    const a = indexCacheFile('/c', { root: '/r', profile: 'default' });
    expect(indexCacheFile('/c', { root: '/r', profile: 'strict' })).not.toBe(a);
    expect(indexCacheFile('/c', { root: '/r2', profile: 'default' })).not.toBe(a);
    expect(a).toMatch(/^\/c\/index-[0-9a-f]{24}\.json$/);
  });
});

describe('defaultCacheDir', () => {
  it('prefers XDG_CACHE_HOME and falls back to ~/.cache', () => {
    expect(defaultCacheDir({ env: { XDG_CACHE_HOME: '/xdg' }, home: '/home/u' })).toBe(
      '/xdg/skillset',
    );
    expect(defaultCacheDir({ env: { XDG_CACHE_HOME: '' }, home: '/home/u' })).toBe(
      '/home/u/.cache/skillset',
    );
    expect(defaultCacheDir({ env: {}, home: '/home/u' })).toBe('/home/u/.cache/skillset');
  });
});
