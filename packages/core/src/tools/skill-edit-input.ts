import { type RefinementCtx, z } from 'zod';
import type { SkillEdit } from './apply-skill-edit.ts';
import { skillFieldsShape } from './skill-fields-schema.ts';

/** The five ways to edit a SKILL.md (DESIGN.md §8). */
export const SKILL_EDIT_OPERATIONS = [
  'replace',
  'find_replace',
  'append',
  'prepend',
  'delete',
] as const;

/** Which operand fields each operation needs and accepts. */
const OPERATION_FIELDS: Record<
  (typeof SKILL_EDIT_OPERATIONS)[number],
  { needs: string[]; accepts: string[] }
> = {
  replace: { needs: ['content'], accepts: ['content', 'target'] },
  find_replace: {
    needs: ['find', 'replace_with'],
    accepts: ['find', 'replace_with', 'replace_all'],
  },
  append: { needs: ['content'], accepts: ['content'] },
  prepend: { needs: ['content'], accepts: ['content'] },
  delete: { needs: ['find'], accepts: ['find', 'replace_all'] },
};
const OPERAND_FIELDS = ['content', 'target', 'find', 'replace_with', 'replace_all'] as const;

/** The flat edit fields of `update_skill` and `PATCH /api/skills/{name}`. */
export const skillEditInputShape = {
  operation: z
    .enum(SKILL_EDIT_OPERATIONS)
    .optional()
    .describe(
      'replace: new body (or whole SKILL.md with target "skill_md"); find_replace: exact text → replace_with; append / prepend: add content to the end / start of the body; delete: remove the exact text in find.',
    ),
  content: z.string().optional().describe('The text for replace, append and prepend.'),
  target: z
    .enum(['body', 'skill_md'])
    .optional()
    .describe('What replace replaces: the body (default) or the whole SKILL.md.'),
  find: z
    .string()
    .min(1)
    .optional()
    .describe('Exact text to find (find_replace, delete); it must occur once unless replace_all.'),
  replace_with: z.string().optional().describe('The replacement text (find_replace).'),
  replace_all: z.boolean().optional().describe('Change every occurrence of find.'),
};

/** Frontmatter fields an update sets, in snake_case; `null` removes one (the description stays). */
export const skillMetadataInputShape = {
  description: z.string().min(1).optional(),
  ...(Object.fromEntries(
    Object.entries(skillFieldsShape).map(([key, schema]) => [key, schema.nullable().optional()]),
  ) as {
    [Key in keyof typeof skillFieldsShape]: z.ZodOptional<
      z.ZodNullable<(typeof skillFieldsShape)[Key]>
    >;
  }),
};

/** The edit fields as validated. */
export type SkillEditInput = z.output<z.ZodObject<typeof skillEditInputShape>>;

/** Reports operand fields an operation lacks or does not use; without an operation, metadata must be given. */
export function checkSkillEditInput(
  value: SkillEditInput,
  hasMetadata: boolean,
  context: RefinementCtx,
): void {
  if (value.operation === undefined) {
    if (!hasMetadata) {
      context.addIssue({ code: 'custom', message: 'give an "operation", "metadata", or both' });
    }
    for (const field of OPERAND_FIELDS) {
      if (value[field] !== undefined) {
        context.addIssue({
          code: 'custom',
          path: [field],
          message: 'is only used together with an "operation"',
        });
      }
    }
    return;
  }
  const { needs, accepts } = OPERATION_FIELDS[value.operation];
  for (const field of needs) {
    if (value[field as (typeof OPERAND_FIELDS)[number]] === undefined) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: `is required by operation "${value.operation}"`,
      });
    }
  }
  for (const field of OPERAND_FIELDS) {
    if (value[field] !== undefined && !accepts.includes(field)) {
      context.addIssue({
        code: 'custom',
        path: [field],
        message: `is not used by operation "${value.operation}"`,
      });
    }
  }
}

/** The core {@link SkillEdit} the edit fields describe; `undefined` without an operation. */
export function toSkillEdit(value: SkillEditInput): SkillEdit | undefined {
  const { operation, content = '', find = '', replace_with = '', replace_all, target } = value;
  switch (operation) {
    case undefined:
      return undefined;
    case 'replace':
      return { operation, content, ...(target === undefined ? {} : { target }) };
    case 'find_replace':
      return { operation, find, replaceWith: replace_with, replaceAll: replace_all === true };
    case 'delete':
      return { operation, find, replaceAll: replace_all === true };
    default:
      return { operation, content };
  }
}
