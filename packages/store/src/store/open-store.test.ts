import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillText } from '../test-support/store-fixtures.ts';
import { DATA_DIR_LOCK_FILE, readDataDirLock } from './data-dir-lock.ts';
import { openStore } from './open-store.ts';

describe('openStore', () => {
  it('refuses options that name no database or two of them', async () => {
    await expect(openStore({})).rejects.toMatchObject({ code: 'invalid_store_options' });
    await expect(
      openStore({ dataDir: 'memory://', databaseUrl: 'postgres://localhost/x' }),
    ).rejects.toMatchObject({ code: 'invalid_store_options' });
  });

  it('keeps a file-backed PGlite database in <dataDir>/pglite across restarts', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'skillset-store-'));
    try {
      const first = await openStore({ dataDir, migrate: true });
      const created = await first.skills.create({ scope: 'public', skillMd: skillText('kept') });
      expect(created.ok).toBe(true);
      await first.close();
      const second = await openStore({ dataDir, migrate: true });
      try {
        expect((await second.skills.getByName({ workspaceId: null, name: 'kept' }))?.scope).toBe(
          'public',
        );
      } finally {
        await second.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the data folder lock', () => {
  it('refuses a second open of one PGlite folder until the first closes', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'skillset-store-'));
    try {
      const first = await openStore({ dataDir });
      expect(await readDataDirLock(dataDir)).toMatchObject({ pid: process.pid });
      const refused = openStore({ dataDir });
      await expect(refused).rejects.toMatchObject({ code: 'data_dir_locked' });
      await expect(refused).rejects.toThrow(`The data folder ${dataDir} is in use by this process`);
      await first.close();
      expect(await readDataDirLock(dataDir)).toBeUndefined();
      const second = await openStore({ dataDir });
      await second.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('takes over a lock whose process is gone, or that is unreadable', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'skillset-store-'));
    try {
      const lockFile = join(dataDir, DATA_DIR_LOCK_FILE);
      // A pid above the kernel's maximum (2^22) is never alive.
      await writeFile(lockFile, JSON.stringify({ pid: 99_999_999, startedAt: 'x', command: 'y' }));
      const store = await openStore({ dataDir });
      expect(JSON.parse(await readFile(lockFile, 'utf8'))).toMatchObject({ pid: process.pid });
      await store.close();
      await writeFile(lockFile, 'garbage');
      await (await openStore({ dataDir })).close();
      await expect(readFile(lockFile)).rejects.toMatchObject({ code: 'ENOENT' });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
