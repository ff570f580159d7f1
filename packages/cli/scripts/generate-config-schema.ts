// `npm run generate:config-schema`: rewrites skillset.schema.json from the zod config schema,
// formatted by Biome as the rest of the repository.
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { CONFIG_SCHEMA_FILE, renderConfigSchemaFile } from '../src/config-schema-file.ts';

await writeFile(CONFIG_SCHEMA_FILE, renderConfigSchemaFile());
execFileSync('biome', ['format', '--write', CONFIG_SCHEMA_FILE], { stdio: 'inherit' });
console.log(`wrote ${CONFIG_SCHEMA_FILE}`);
