import type * as Yaml from 'yaml';
import { loadYaml } from '#yaml';

/** The `yaml` package's API, as the readers here use it. */
export type YamlLibrary = typeof Yaml;

let library: YamlLibrary | undefined;

/** The `yaml` package, loaded on first use in Node and with core everywhere else (`#yaml`). */
export function yamlLibrary(): YamlLibrary {
  library ??= loadYaml();
  return library;
}
