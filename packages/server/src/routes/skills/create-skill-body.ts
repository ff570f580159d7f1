import { z } from '@hono/zod-openapi';
import { skillFieldsInputShape, skillTextOfFields } from '@skillset/core/authoring';
import { CREATABLE_SCOPES } from './save-new-skill.ts';

/** The body of `POST /api/skills`: the whole `SKILL.md` as `content`, or its fields. */
export const createSkillBodySchema = z
  .strictObject({
    content: z.string().min(1).optional().openapi({ description: 'The whole SKILL.md text.' }),
    scope: z.enum(CREATABLE_SCOPES).optional().openapi({ description: 'Default: workspace.' }),
    files: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'Other text files by path relative to the skill folder.' }),
    ...skillFieldsInputShape,
  })
  .superRefine((value, context) => {
    const fields = Object.keys(value).filter(
      (key) =>
        !['content', 'scope', 'files'].includes(key) &&
        value[key as keyof typeof value] !== undefined,
    );
    if (value.content !== undefined) {
      if (fields.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `give either "content" or separate fields, not both (got content and ${fields.join(', ')})`,
        });
      }
      return;
    }
    for (const key of ['name', 'description'] as const) {
      if (value[key] === undefined) {
        context.addIssue({
          code: 'custom',
          path: [key],
          message: 'is required when "content" is not given',
        });
      }
    }
  })
  .openapi('CreateSkillRequest');

/** A validated `POST /api/skills` body. */
export type CreateSkillBody = z.output<typeof createSkillBodySchema>;

/** The `SKILL.md` text of a create request: `content` as given, or the fields written by core. */
export function skillTextOfCreateBody(body: CreateSkillBody): string {
  const { content, scope: _scope, files: _files, ...fields } = body;
  return content ?? skillTextOfFields(fields);
}
