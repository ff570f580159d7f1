import type * as Yaml from 'yaml';

/** The `yaml` package's API, as the readers and writers here use it. */
export type YamlLibrary = typeof Yaml;

let library: YamlLibrary | undefined;

/** Hands over a statically imported `yaml` (the root entry does, for bundlers and browsers). */
export function provideYamlLibrary(yaml: YamlLibrary): void {
  library ??= yaml;
}

/**
 * The `yaml` package, loaded on first use: most frontmatter is read by the plain reader, so a
 * one-shot command over cached skills never pays for loading it (docs/decisions/0094).
 */
export function yamlLibrary(): YamlLibrary {
  if (library !== undefined) return library;
  const nodeModule = globalThis.process?.getBuiltinModule?.('node:module');
  if (nodeModule === undefined) {
    throw new Error('yaml was not provided: import @skillset/core, or run on Node.js');
  }
  library = nodeModule.createRequire(import.meta.url)('yaml') as YamlLibrary;
  return library;
}
