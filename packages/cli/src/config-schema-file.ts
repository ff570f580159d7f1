import { fileURLToPath } from 'node:url';
import { policyConfigJsonSchema } from '@skillset/core';

/** The JSON Schema of `skillset.json` shipped with the package (`skillset/skillset.schema.json`). */
export const CONFIG_SCHEMA_FILE = fileURLToPath(
  new URL('../skillset.schema.json', import.meta.url),
);

/** The text of {@link CONFIG_SCHEMA_FILE} as the current config schema generates it. */
export function renderConfigSchemaFile(): string {
  return `${JSON.stringify(policyConfigJsonSchema(), null, 2)}\n`;
}
