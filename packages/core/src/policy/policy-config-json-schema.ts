import { z } from 'zod';
import { policyConfigSchema } from './policy-config-schema.ts';

/**
 * The JSON Schema (draft 2020-12) of a local policy config (`skillset.json`), generated from
 * {@link policyConfigSchema}, for editors that complete and check the file through `$schema`.
 */
export function policyConfigJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(policyConfigSchema, { io: 'input', unrepresentable: 'any' });
  const { $schema, ...rest } = schema;
  return {
    $schema,
    title: 'skillset.json',
    description:
      "Skillset's local policy: which skills the CLI shows and runs (rules, allowlist, integrations, config values).",
    ...rest,
  };
}
