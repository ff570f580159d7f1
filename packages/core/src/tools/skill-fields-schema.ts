import { z } from 'zod';

const names = z.array(z.string().min(1));

/** One declared argument, as written under `arguments` in the frontmatter. */
export const skillArgumentSchema = z
  .object({
    name: z.string().min(1),
    type: z.enum(['string', 'number', 'integer', 'boolean']).optional(),
    description: z.string().optional(),
    required: z.boolean().optional(),
    default: z.union([z.string(), z.number(), z.boolean()]).optional(),
    enum: z.array(z.union([z.string(), z.number()])).optional(),
  })
  .strict();

/** The frontmatter fields the management tools accept besides name and description, in snake_case. */
export const skillFieldsShape = {
  tags: names.describe('Catalogue tags.'),
  category: z.string(),
  icon: z.string(),
  version: z.string().describe("The author's version label."),
  license: z.string(),
  compatibility: z.string(),
  argument_hint: z.string().describe('Shown in autocomplete, e.g. "<env> [--dry-run]".'),
  arguments: z.array(skillArgumentSchema).describe('Named arguments the body uses as $name.'),
  context: z.enum(['inline', 'fork']).describe('fork = run the body as a separate sub-agent task.'),
  agent: z.string(),
  model: z.string(),
  allowed_tools: names,
  disallowed_tools: names,
  disable_model_invocation: z.boolean().describe('Only a person may invoke the skill.'),
  user_invocable: z.boolean().describe('false = only the model may invoke the skill.'),
  integration: z.string().describe('Visible only where this integration is enabled.'),
  requires: z
    .object({
      bins: names,
      anyBins: names,
      env: names,
      config: names,
      os: names,
      network: z.boolean().describe("true: the skill's scripts need the network."),
      always: z.boolean(),
    })
    .partial()
    .strict()
    .describe('Binaries, environment variables, config keys, OS or network the skill needs.'),
  tool_dispatch: z.string().describe('An existing tool this skill wraps as skill_<name>.'),
  references: names.describe('Skills activated before this one.'),
} as const;

/** Maps snake_case tool fields to frontmatter keys (`argument_hint` → `argument-hint`), dropping absent ones. */
export function toFrontmatterFields(
  fields: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined) result[key.replaceAll('_', '-')] = value;
  }
  return result;
}
