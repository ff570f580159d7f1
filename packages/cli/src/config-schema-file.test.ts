import { readFile } from 'node:fs/promises';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { CONFIG_SCHEMA_FILE, renderConfigSchemaFile } from './config-schema-file.ts';

describe('skillset.schema.json', () => {
  it('is what the config schema generates (run `npm run generate:config-schema` after a change)', async () => {
    const committed = JSON.parse(await readFile(CONFIG_SCHEMA_FILE, 'utf8'));
    expect(committed).toEqual(JSON.parse(renderConfigSchemaFile()));
  });

  it('accepts the documented config with $schema and rejects unknown keys and bad actions', async () => {
    const schema = JSON.parse(await readFile(CONFIG_SCHEMA_FILE, 'utf8'));
    const validate = new Ajv2020({ strict: false }).compile(schema);
    const documented = {
      $schema: './node_modules/skillset/skillset.schema.json',
      rules: [{ skill: 'deploy-*', surface: '*', action: 'deny' }],
      allowlist: ['*'],
      integrations: ['github'],
      config: { 'github.token': true },
    };
    expect(validate(documented)).toBe(true);
    expect(validate({ rulez: [] })).toBe(false);
    expect(validate({ rules: [{ skill: 'x', action: 'maybe' }] })).toBe(false);
    expect(validate({ rules: [{ action: 'deny' }] })).toBe(false);
  });
});
