import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  listEntryExports,
  listSourceFiles,
  repositoryRoot,
  usesOutside,
} from '../support/root-exports.ts';

interface Entry {
  /** The package folder, `packages/core`. */
  folder: string;
  /** The specifier a user imports, `@skillset/core/node`. */
  specifier: string;
  /** The entry's TypeScript source. */
  file: string;
}

/** Every entry point of every package but the `test` entries, which exist for the project's tests. */
function listEntries(): Entry[] {
  const packages = join(repositoryRoot, 'packages');
  return readdirSync(packages).flatMap((name) => {
    const folder = join(packages, name);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
      name: string;
      exports: Record<string, { source: string }>;
    };
    return Object.entries(manifest.exports)
      .filter(([subpath]) => subpath !== './test')
      .map(([subpath, target]) => ({
        folder,
        specifier: subpath === '.' ? manifest.name : `${manifest.name}${subpath.slice(1)}`,
        file: join(folder, target.source),
      }));
  });
}

/** Test, benchmark and test-support files: they do not make a name part of a package's front door. */
function isForTests(file: string): boolean {
  const path = relative(repositoryRoot, file);
  return (
    /^(test|bench)\//.test(path) ||
    /\.test\.tsx?$/.test(path) ||
    /\/src\/(test|test-support)\//.test(path)
  );
}

/** The names a package's README documents: each backticked identifier under its `## API` heading. */
function documentedNames(folder: string): Set<string> {
  const readme = join(folder, 'README.md');
  if (!existsSync(readme)) return new Set();
  const text = readFileSync(readme, 'utf8');
  const api = text.slice(text.indexOf('\n## API'));
  return new Set([...api.matchAll(/`([A-Za-z_$][\w$]*)`/g)].map((match) => match[1] as string));
}

const entries = listEntries();
const exportsOf = listEntryExports(entries.map((entry) => entry.file));
const productFiles = ['packages', 'apps', 'scripts']
  .flatMap((folder) => listSourceFiles(join(repositoryRoot, folder)))
  .filter((file) => !isForTests(file));

describe('each package has a small front door', () => {
  it.each(
    entries.map((entry) => [entry.specifier, entry] as const),
  )('%s exports only names used by another package or documented in its README', (_specifier, entry) => {
    const used = usesOutside(entry.specifier, entry.folder, productFiles);
    const documented = documentedNames(entry.folder);
    const unused = (exportsOf.get(entry.file) ?? []).filter(
      (name) => !used.has(name) && !documented.has(name),
    );
    expect(
      unused,
      `used by no other package and not in ${relative(repositoryRoot, entry.folder)}/README.md's API`,
    ).toEqual([]);
  });

  it('documents in each README only names its package exports', () => {
    const stale = [...new Set(entries.map((entry) => entry.folder))].flatMap((folder) => {
      const exported = new Set(
        entries
          .filter((entry) => entry.folder === folder)
          .flatMap((entry) => exportsOf.get(entry.file) ?? []),
      );
      return [...documentedNames(folder)]
        .filter((name) => !exported.has(name))
        .map((name) => `${relative(repositoryRoot, folder)}: ${name}`);
    });
    expect(stale).toEqual([]);
  });

  it.each([
    ['@skillset/core', 120],
    ['@skillset/mcp', 15],
  ])('keeps the root of %s under %i names', (specifier, limit) => {
    const entry = entries.find((candidate) => candidate.specifier === specifier);
    expect(exportsOf.get(entry?.file ?? '')?.length).toBeLessThan(limit);
  });
});
