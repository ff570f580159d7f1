import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillText } from '../test-support/store-fixtures.ts';
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
