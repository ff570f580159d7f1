import path from 'node:path';
import { createTempDir, type TempDir } from '@skillset/core/test';
import { build } from 'vite';
import { repoRoot } from '../support/shared-dir.ts';

const webRoot = path.join(repoRoot, 'apps', 'web');

/**
 * Builds the web UI from its current sources into a fresh temp folder, so that browser tests
 * never run against a stale `apps/web/dist`.
 */
export async function buildWebUi(): Promise<TempDir> {
  const outDir = await createTempDir();
  await build({
    root: webRoot,
    configFile: path.join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir: outDir.path, emptyOutDir: true },
  });
  return outDir;
}
