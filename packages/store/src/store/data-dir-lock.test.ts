import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { acquireDataDirLock, DATA_DIR_LOCK_FILE } from './data-dir-lock.ts';

/** A pid no process has: above the kernel's pid_max. */
const DEAD_PID = 4_194_304 + 7;

describe('acquireDataDirLock', () => {
  it('gives a stale lock to exactly one of several takers at once', async () => {
    await using dataDir = await createTempDir();
    const file = join(dataDir.path, DATA_DIR_LOCK_FILE);
    for (let trial = 0; trial < 40; trial++) {
      await writeFile(file, JSON.stringify({ pid: DEAD_PID, startedAt: 'then', command: 'gone' }));
      const results = await Promise.allSettled([
        acquireDataDirLock(dataDir.path),
        acquireDataDirLock(dataDir.path),
        acquireDataDirLock(dataDir.path),
      ]);
      const held = results.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      expect(held, `trial ${trial}`).toHaveLength(1);
      for (const result of results) {
        if (result.status === 'rejected')
          expect(result.reason).toMatchObject({ code: 'data_dir_locked' });
      }
      await held[0]?.release();
    }
  });
});
