import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

interface PackageJson {
  name: string;
  exports: Record<string, { source: string }>;
  imports?: Record<string, { node: { source: string } }>;
}

/** Every `@skillset/*` entry point and `#` import, mapped to the TypeScript source its `source` condition names. */
function sourceAliases() {
  const packagesDir = path.resolve(import.meta.dirname, 'packages');
  return readdirSync(packagesDir).flatMap((folder) => {
    const packageDir = path.join(packagesDir, folder);
    const manifest = JSON.parse(
      readFileSync(path.join(packageDir, 'package.json'), 'utf8'),
    ) as PackageJson;
    const exported = Object.entries(manifest.exports).map(([subpath, target]) => ({
      find: new RegExp(`^${path.posix.join(manifest.name, subpath).replace(/[/.]/g, '\\$&')}$`),
      replacement: path.join(packageDir, target.source),
    }));
    // Subpath imports (`#…`, core's tokenizer ranks) take their Node variant, as Node resolves them.
    const imported = Object.entries(manifest.imports ?? {}).map(([specifier, target]) => ({
      find: new RegExp(`^${specifier}$`),
      replacement: path.join(packageDir, target.node.source),
    }));
    return [...exported, ...imported];
  });
}

// Tests run the sources of every package, never a built `dist/`, whether or not one exists.
export default defineConfig({
  resolve: { alias: sourceAliases() },
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'test/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // Most suites wait on child processes, browsers and databases, so one test file per core keeps
    // the machine busy (Vitest's default of cores − 1 ran one file at a time on two cores).
    maxWorkers: availableParallelism(),
    testTimeout: 30_000,
    // Suites start real servers and databases in their hooks; a busy machine needs the time.
    hookTimeout: 60_000,
    reporters: ['default', './test/support/summary-reporter.ts'],
  },
});
