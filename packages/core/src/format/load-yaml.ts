import * as yaml from 'yaml';

/**
 * The `yaml` package where there is no synchronous `require` (browsers, bundles): imported with
 * this module. `#yaml` resolves here outside Node, to `node/load-yaml.ts` in Node.
 */
export function loadYaml(): typeof yaml {
  return yaml;
}
