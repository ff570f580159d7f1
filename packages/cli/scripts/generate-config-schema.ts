// `npm run generate:config-schema`: rewrites skillset.schema.json from the zod config schema.
import { writeFile } from 'node:fs/promises';
import { CONFIG_SCHEMA_FILE, renderConfigSchemaFile } from '../src/config-schema-file.ts';

await writeFile(CONFIG_SCHEMA_FILE, renderConfigSchemaFile());
console.log(`wrote ${CONFIG_SCHEMA_FILE}`);
