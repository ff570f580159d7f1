import { readdir, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSkill } from '../test/build-skill.ts';
import { createTempDir } from '../test/create-temp-dir.ts';
import { writeSkillTree } from '../test/write-skill-tree.ts';
import { createFolderSource } from './create-folder-source.ts';
import { defaultCacheDir, INDEX_CACHE_VERSION, indexCacheFile } from './index-cache.ts';
import { RACY_MARGIN_MS } from './scan-skill-tree.ts';

/**
 * Sets the mtime of every file and folder under `root` (itself included) to `secondsAgo`, so the
 * cache does not treat them as racy; each call should use a new value to look like a change.
 */
async function ageTree(root: string, secondsAgo: number): Promise<void> {
  const time = new Date(Date.now() - secondsAgo * 1000);
  const entries = await readdir(root, { recursive: true });
  for (const entry of entries) await utimes(join(root, entry), time, time);
  await utimes(root, time, time);
}

async function setup() {
  const dir = await createTempDir();
  const root = join(dir.path, 'skills');
  const cacheDir = join(dir.path, 'cache');
  await writeSkillTree(root, [
    { name: 'one' },
    { name: 'two', path: 'group/two' },
    { name: 'three' },
  ]);
  await ageTree(root, 3600);
  const open = () => createFolderSource({ root, scope: 'project', cacheDir });
  return { dir, root, cacheDir, open };
}

describe('index cache', () => {
  it('gives back the same records, every manifest field and issue included, on a warm start', async () => {
    await using dir = await createTempDir();
    const root = join(dir.path, 'skills');
    const cacheDir = join(dir.path, 'cache');
    await writeSkillTree(root, [
      { name: 'plain' },
      {
        name: 'rich',
        fields: {
          'disable-model-invocation': true,
          'user-invocable': false,
          context: 'fork',
          tags: ['a', 'b'],
          metadata: {},
          arguments: [{ name: 'env', type: 'string', required: true, enum: ['dev', 'prod'] }],
          requires: { bins: ['git'] },
          surprise: 'kept as extra',
        },
      },
    ]);
    await ageTree(root, 3600);
    const open = () => createFolderSource({ root, scope: 'project', cacheDir });
    const coldSkills = (await open().load()).skills;
    const warm = open();
    const warmSkills = (await warm.load()).skills;
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', reused: 2, parsed: 0 });
    expect(warmSkills).toEqual(coldSkills);
    expect(coldSkills.find((skill) => skill.name === 'rich')?.issues.length).toBeGreaterThan(0);
  });

  it('writes one cache file per root and reuses every unchanged entry without reading it', async () => {
    const { dir, root, cacheDir, open } = await setup();
    await using _dir = dir;
    const cold = open();
    const coldSkills = (await cold.load()).skills;
    expect(cold.lastScan()).toMatchObject({ cache: 'missing', parsed: 3, reused: 0, listed: 5 });
    expect(await readdir(cacheDir)).toEqual([
      indexCacheFile(cacheDir, { root, profile: 'default' }).slice(cacheDir.length + 1),
    ]);

    const written = await readFile(indexCacheFile(cacheDir, { root, profile: 'default' }), 'utf8');
    const warm = open();
    const warmSkills = (await warm.load()).skills;
    // Nothing changed, so the cache is not written again.
    expect(await readFile(indexCacheFile(cacheDir, { root, profile: 'default' }), 'utf8')).toBe(
      written,
    );
    expect(warm.lastScan()).toMatchObject({
      cache: 'hit',
      parsed: 0,
      reused: 3,
      listed: 0,
      bytesRead: 0,
    });
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
    await writeSkillTree(root, [{ name: 'four' }]);
    await rm(join(root, 'group'), { recursive: true });
    // Old enough not to be racy: only the changed mtime tells that `three` changed.
    await ageTree(root, 1800);

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
    expect(again.lastScan()).toMatchObject({ cache: 'hit', parsed: 0, reused: 3, listed: 0 });
  });

  it('reads a SKILL.md added next to a cached lowercase skill.md instead of reusing the old entry', async () => {
    const { dir, root, open } = await setup();
    await using _dir = dir;
    await writeSkillTree(root, [{ name: 'lower', skillFileName: 'skill.md' }]);
    await ageTree(root, 1800);
    await open().load();
    await writeFile(
      join(root, 'lower/SKILL.md'),
      buildSkill({ name: 'lower', description: 'Upper.' }),
    );
    await ageTree(join(root, 'lower'), 1000);

    const warm = open();
    const { skills } = await warm.load();
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', parsed: 1, reused: 3, listed: 1 });
    const lower = skills.find((skill) => skill.name === 'lower');
    expect(lower).toMatchObject({ description: 'Upper.', issues: [] });
    expect(lower?.skillFile).toBe(join(root, 'lower', 'SKILL.md'));
  });

  it("finds a skill nested into a cached skill folder by the folder's changed mtime", async () => {
    const { dir, root, open } = await setup();
    await using _dir = dir;
    await open().load();
    await writeSkillTree(root, [{ name: 'inner', path: 'one/examples/inner' }]);
    const earlier = new Date(Date.now() - 1000_000);
    await utimes(join(root, 'one'), earlier, earlier);

    const warm = open();
    const { skills } = await warm.load();
    expect(skills.map((skill) => skill.name).sort()).toEqual(['inner', 'one', 'three', 'two']);
    // `one`, `one/examples` and `one/examples/inner`; the root and `group` are reused.
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', parsed: 1, reused: 3, listed: 3 });
  });

  it('lists a folder again when its mtime was set back to the cached value (ctime changed)', async () => {
    const { dir, root, open } = await setup();
    await using _dir = dir;
    await open().load();
    const folder = join(root, 'one');
    const before = await stat(folder);
    await writeSkillTree(folder, [{ name: 'restored' }]);
    await utimes(folder, before.atime, before.mtime);
    expect((await stat(folder)).mtimeMs).toBe(before.mtimeMs);

    const warm = open();
    const { skills } = await warm.load();
    expect(skills.map((skill) => skill.name).sort()).toEqual(['one', 'restored', 'three', 'two']);
  });

  it('drops a removed skill folder and a skill whose SKILL.md was deleted', async () => {
    const { dir, root, open } = await setup();
    await using _dir = dir;
    await open().load();
    await rm(join(root, 'group/two'), { recursive: true });
    await rm(join(root, 'three/SKILL.md'));
    const earlier = new Date(Date.now() - 1000_000);
    for (const folder of ['group', 'three']) await utimes(join(root, folder), earlier, earlier);

    const warm = open();
    const { skills } = await warm.load();
    expect(skills.map((skill) => skill.name)).toEqual(['one']);
    expect(warm.lastScan()).toMatchObject({ cache: 'hit', parsed: 0, reused: 1, listed: 2 });
    const again = open();
    expect((await again.load()).skills.map((skill) => skill.name)).toEqual(['one']);
    expect(again.lastScan()).toMatchObject({ cache: 'hit', parsed: 0, reused: 1, listed: 0 });
  });

  it('lists a folder again when its mtime is not safely older than the cached scan (racy)', async () => {
    const { dir, root, cacheDir, open } = await setup();
    await using _dir = dir;
    const folder = join(root, 'one');
    const justNow = new Date(Date.now() - RACY_MARGIN_MS / 4);
    await utimes(folder, justNow, justNow);
    await open().load();
    const file = indexCacheFile(cacheDir, { root, profile: 'default' });
    const { scannedAtMs } = JSON.parse(await readFile(file, 'utf8'));
    expect((await stat(folder)).mtimeMs).toBeGreaterThan(scannedAtMs - RACY_MARGIN_MS);

    const unchanged = open();
    await unchanged.load();
    expect(unchanged.lastScan()).toMatchObject({ cache: 'hit', parsed: 0, reused: 3, listed: 1 });

    // A change within the same timestamp tick: same mtime as cached, new content.
    await writeSkillTree(folder, [{ name: 'later' }]);
    await utimes(folder, justNow, justNow);
    const changed = open();
    const { skills } = await changed.load();
    expect(skills.map((skill) => skill.name).sort()).toEqual(['later', 'one', 'three', 'two']);
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

    const escaping = { dir: '', mtimeMs: 1, ctimeMs: 1, folders: ['..'] };
    await writeFile(file, JSON.stringify({ ...document, folders: [escaping] }));
    const badFolder = open();
    expect((await badFolder.load()).skills).toHaveLength(3);
    expect(badFolder.lastScan()).toMatchObject({ cache: 'invalid', parsed: 3, listed: 5 });
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
