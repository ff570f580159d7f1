import { stringify } from 'yaml';
import { z } from 'zod';
import { skillFieldsShape, toFrontmatterFields } from './skill-fields-schema.ts';

/** A new skill given as fields: name, description, body and the other frontmatter fields in snake_case. */
export const skillFieldsInputShape = {
  name: z
    .string()
    .min(1)
    .optional()
    .describe('Lowercase letters, digits and hyphens, at most 64 characters (e.g. "review-pr").'),
  description: z
    .string()
    .min(1)
    .optional()
    .describe('What the skill does and when to use it ("Use when the user asks to …").'),
  body: z.string().optional().describe('The Markdown instructions after the frontmatter.'),
  ...z.object(skillFieldsShape).partial().shape,
};

/** The fields of a new skill as validated. */
export type SkillFieldsInput = z.output<z.ZodObject<typeof skillFieldsInputShape>>;

/** The `SKILL.md` text of a skill given as fields; validation is left to `parseSkill`. */
export function skillTextOfFields(fields: SkillFieldsInput): string {
  const { name, description, body = '', ...rest } = fields;
  const frontmatter = stringify(
    { name, description, ...toFrontmatterFields(rest) },
    { lineWidth: 0 },
  );
  return `---\n${frontmatter}---\n${body === '' || body.endsWith('\n') ? body : `${body}\n`}`;
}
