import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTempDir } from '../test/create-temp-dir.ts';
import { loadCachedWordNetSynonyms } from './load-cached-synonyms.ts';
import { loadWordNetSynonyms } from './load-synonyms.ts';

describe('loadCachedWordNetSynonyms', () => {
  it('builds and saves the table on a miss, then reads the same table from the cache', async () => {
    await using cache = await createTempDir();
    const built = loadCachedWordNetSynonyms({ cacheDir: cache.path });
    expect(built).toMatchObject({ status: 'built', saved: true });
    const cached = loadCachedWordNetSynonyms({ cacheDir: cache.path });
    expect(cached.status).toBe('hit');
    expect(cached.file).toBe(built.file);
    for (const term of ['pdf', 'form', 'car', 'fill', 'test', 'zzzz-not-a-word', 'a', 'zymurgi']) {
      expect(cached.synonyms.get(term), term).toEqual(built.synonyms.get(term));
    }
    expect(cached.synonyms.size).toBe(built.synonyms.size);
    expect(new Map(cached.synonyms)).toEqual(new Map(built.synonyms));
  }, 60_000);

  it('keys the cache by the options and rebuilds a corrupt cache', async () => {
    await using cache = await createTempDir();
    const first = loadCachedWordNetSynonyms({ cacheDir: cache.path, relatedWeight: 0 });
    expect(loadCachedWordNetSynonyms({ cacheDir: cache.path, relatedWeight: 0 }).status).toBe(
      'hit',
    );
    await writeFile(first.file, 'garbage\n');
    const rebuilt = loadCachedWordNetSynonyms({ cacheDir: cache.path, relatedWeight: 0 });
    expect(rebuilt.status).toBe('built');
    expect(rebuilt.synonyms.get('car')).toEqual(
      loadWordNetSynonyms({ relatedWeight: 0 }).get('car'),
    );
    expect((await readdir(cache.path)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  }, 60_000);

  it('still returns the table when the cache folder cannot be written', async () => {
    await using cache = await createTempDir();
    const blocked = path.join(cache.path, 'file');
    await writeFile(blocked, '');
    const result = loadCachedWordNetSynonyms({ cacheDir: path.join(blocked, 'sub') });
    expect(result).toMatchObject({ status: 'built', saved: false });
    expect(result.synonyms.get('car')?.length).toBeGreaterThan(0);
  }, 60_000);
});
