import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import { repoRoot } from '../support/shared-dir.ts';

const webRoot = path.join(repoRoot, 'apps', 'web');
/** Everything the UI build reads besides node_modules: its own sources and core's. */
const buildInputs = [
  path.join(webRoot, 'src'),
  path.join(webRoot, 'public'),
  path.join(webRoot, 'index.html'),
  path.join(webRoot, 'vite.config.ts'),
  path.join(webRoot, 'package.json'),
  path.join(repoRoot, 'packages', 'core', 'src'),
  path.join(repoRoot, 'package-lock.json'),
];
const cacheRoot = path.join(repoRoot, 'node_modules', '.cache', 'skillset-web-ui');

async function listFiles(entry: string): Promise<string[]> {
  if (!existsSync(entry)) return [];
  const children = await readdir(entry, { withFileTypes: true }).catch(() => undefined);
  if (children === undefined) return [entry];
  const nested = await Promise.all(
    children.map((child) => listFiles(path.join(entry, child.name))),
  );
  return nested.flat();
}

/** A digest of every build input's path and bytes: equal digests build equal UIs. */
async function digestBuildInputs(): Promise<string> {
  const files = (await Promise.all(buildInputs.map(listFiles))).flat().sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash
      .update(path.relative(repoRoot, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/** A built UI for browser tests; disposing it keeps the build for the next test file. */
export interface BuiltWebUi extends AsyncDisposable {
  path: string;
}

/**
 * The web UI built from its current sources, never a stale `apps/web/dist`: builds are kept
 * under `node_modules/.cache` by a digest of their inputs, so test files share one build. It is
 * the build that ships (production React): Vitest's `NODE_ENV=test` would keep the libraries'
 * development code, which halves the speed of every page and is not what users run.
 */
export async function buildWebUi(): Promise<BuiltWebUi> {
  const digest = await digestBuildInputs();
  const outDir = path.join(cacheRoot, `${digest}-production`);
  if (!existsSync(path.join(outDir, 'index.html'))) {
    const building = `${outDir}.${randomUUID()}`;
    const nodeEnv = process.env.NODE_ENV;
    // Vite takes the mode of the libraries' code from NODE_ENV when it is set.
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root: webRoot,
        configFile: path.join(webRoot, 'vite.config.ts'),
        logLevel: 'warn',
        build: { outDir: building, emptyOutDir: true },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    // Another test file may have finished the same build first; either copy is the same.
    await rename(building, outDir).catch(() => rm(building, { recursive: true, force: true }));
  }
  return { path: outDir, [Symbol.asyncDispose]: async () => {} };
}
