import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A temporary folder that removes itself when disposed (`await using dir = await createTempDir()`). */
export interface TempDir extends AsyncDisposable {
  /** The folder's real absolute path. */
  path: string;
}

/** Creates a fresh temporary folder (Node only). */
export async function createTempDir(prefix = 'skillset-test-'): Promise<TempDir> {
  const path = await realpath(await mkdtemp(join(tmpdir(), prefix)));
  return {
    path,
    async [Symbol.asyncDispose]() {
      await rm(path, { recursive: true, force: true });
    },
  };
}
