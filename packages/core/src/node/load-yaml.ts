import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';

const require = createRequire(import.meta.url);

/**
 * The `yaml` package, required on the first call: most frontmatter is read by the plain reader, so
 * a one-shot command over cached skills never loads it (docs/decisions/0094).
 */
export function loadYaml(): typeof Yaml {
  return require('yaml') as typeof Yaml;
}
