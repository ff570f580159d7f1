import { spawn } from 'node:child_process';
import { cp, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTempDir } from '@skillset/core/test';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/shared-dir.ts';

interface PackageJson {
  name: string;
  bin?: Record<string, string>;
  exports: Record<string, { default: string }>;
}

/** Suites that reach every package: in-process CLI, spawned CLI and MCP, server on the store. */
const suites = [
  'test/cli/list-show.test.ts',
  'test/mcp/stdio.test.ts',
  'test/quick-start/skillset-bin.test.ts',
  'packages/server/src/routes/admin/token-routes.test.ts',
];

/** Copies the repository's sources to `target` with its own `node_modules` links, as `npm ci` makes them. */
async function copyCheckout(target: string): Promise<PackageJson[]> {
  for (const entry of ['package.json', 'vitest.config.ts', 'tsconfig.base.json', 'test']) {
    await cp(path.join(repoRoot, entry), path.join(target, entry), { recursive: true });
  }
  await cp(path.join(repoRoot, 'packages'), path.join(target, 'packages'), {
    recursive: true,
    filter: (source) => !/[/\\](dist|node_modules)$/.test(source),
  });
  const modules = path.join(target, 'node_modules');
  await mkdir(path.join(modules, '.bin'), { recursive: true });
  await mkdir(path.join(modules, '@skillset'));
  for (const entry of await readdir(path.join(repoRoot, 'node_modules'))) {
    if (['.bin', '@skillset', 'skillset'].includes(entry)) continue;
    await symlink(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const bin of ['node', 'vitest']) {
    await symlink(path.join(repoRoot, 'node_modules/.bin', bin), path.join(modules, '.bin', bin));
  }
  const manifests: PackageJson[] = [];
  for (const folder of await readdir(path.join(target, 'packages'))) {
    const packageDir = path.join(target, 'packages', folder);
    const manifest = JSON.parse(
      await readFile(path.join(packageDir, 'package.json'), 'utf8'),
    ) as PackageJson;
    manifests.push({ ...manifest, name: packageDir });
    await symlink(packageDir, path.join(modules, manifest.name));
    for (const [name, file] of Object.entries(manifest.bin ?? {})) {
      await symlink(path.join(packageDir, file), path.join(modules, '.bin', name));
    }
  }
  return manifests;
}

/** Writes a `dist/` that throws on import at every compiled entry point of every package. */
async function writeThrowingDist(packageDir: string, manifest: PackageJson): Promise<void> {
  const entries = [...Object.values(manifest.exports).map((target) => target.default)];
  if (manifest.bin) entries.push('./dist/bin.js');
  for (const entry of entries) {
    const file = path.join(packageDir, entry);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, `throw new Error('a stale dist/ was imported: ${entry}');\n`);
  }
}

function runVitest(cwd: string): Promise<{ exitCode: number | null; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST')),
  );
  const bin = path.join(cwd, 'node_modules', '.bin');
  const child = spawn(path.join(bin, 'vitest'), ['run', ...suites], {
    cwd,
    env: { ...env, PATH: `${bin}${path.delimiter}${env.PATH ?? ''}`, NO_COLOR: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  return new Promise((resolve) => child.on('close', (exitCode) => resolve({ exitCode, output })));
}

describe('the test suites', () => {
  it('run the TypeScript sources: a dist/ that throws on import changes no result', async () => {
    await using checkout = await createTempDir();
    for (const manifest of await copyCheckout(checkout.path)) {
      await writeThrowingDist(manifest.name, manifest);
    }
    const { exitCode, output } = await runVitest(checkout.path);
    expect(output).not.toContain('a stale dist/ was imported');
    expect(output).toMatch(/\n\d+ passed, 0 failed/);
    expect(exitCode).toBe(0);
  }, 180_000);
});
