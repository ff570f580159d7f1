import { z } from '@hono/zod-openapi';
import type { SkillEdit } from '@skillset/core';

const OPERATIONS = ['replace', 'find_replace', 'append', 'prepend', 'delete'] as const;

/** Which operand fields each operation needs and accepts (as core's `update_skill`). */
const OPERATION_FIELDS: Record<
  (typeof OPERATIONS)[number],
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

const names = z.array(z.string().min(1));

/** Frontmatter fields a PATCH sets (null removes one), in snake_case as core's `update_skill`. */
const metadataShape = {
  description: z.string().min(1).optional(),
  tags: names.nullable().optional(),
  category: z.string().nullable().optional(),
  icon: z.string().nullable().optional(),
  version: z.string().nullable().optional(),
  license: z.string().nullable().optional(),
  compatibility: z.string().nullable().optional(),
  argument_hint: z.string().nullable().optional(),
  arguments: z
    .array(
      z.strictObject({
        name: z.string().min(1),
        type: z.enum(['string', 'number', 'integer', 'boolean']).optional(),
        description: z.string().optional(),
        required: z.boolean().optional(),
        default: z.union([z.string(), z.number(), z.boolean()]).optional(),
        enum: z.array(z.union([z.string(), z.number()])).optional(),
      }),
    )
    .nullable()
    .optional(),
  context: z.enum(['inline', 'fork']).nullable().optional(),
  agent: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  allowed_tools: names.nullable().optional(),
  disallowed_tools: names.nullable().optional(),
  disable_model_invocation: z.boolean().nullable().optional(),
  user_invocable: z.boolean().nullable().optional(),
  integration: z.string().nullable().optional(),
  requires: z
    .strictObject({
      bins: names,
      anyBins: names,
      env: names,
      config: names,
      os: names,
      always: z.boolean(),
    })
    .partial()
    .nullable()
    .optional(),
  tool_dispatch: z.string().nullable().optional(),
  references: names.nullable().optional(),
};
const METADATA_KEYS = Object.keys(metadataShape);

/**
 * The body of `PATCH /api/skills/{name}`: one of the five operations of core's `update_skill`
 * (flat fields), and/or frontmatter fields — under `metadata` or at the top level.
 */
export const patchSkillBodySchema = z
  .strictObject({
    operation: z.enum(OPERATIONS).optional(),
    content: z.string().optional(),
    target: z.enum(['body', 'skill_md']).optional(),
    find: z.string().min(1).optional(),
    replace_with: z.string().optional(),
    replace_all: z.boolean().optional(),
    metadata: z.strictObject(metadataShape).optional(),
    message: z.string().max(500).optional().openapi({ description: 'A note for the version.' }),
    ...metadataShape,
  })
  .superRefine((value, context) => {
    const hasMetadata =
      value.metadata !== undefined ||
      METADATA_KEYS.some((key) => value[key as keyof typeof value] !== undefined);
    if (value.operation === undefined) {
      if (!hasMetadata) {
        context.addIssue({
          code: 'custom',
          message: 'give an "operation", metadata fields, or both',
        });
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
  })
  .openapi('PatchSkillRequest');

/** A validated PATCH body. */
export type PatchSkillBody = z.output<typeof patchSkillBodySchema>;

/** The edit operation of a PATCH body, in core's {@link SkillEdit} shape. */
export function skillEditOfPatch(value: PatchSkillBody): SkillEdit | undefined {
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

/** The frontmatter fields a PATCH sets, keyed as written (`argument_hint` → `argument-hint`). */
export function frontmatterOfPatch(value: PatchSkillBody): Record<string, unknown> | undefined {
  const merged: Record<string, unknown> = {};
  for (const source of [value as Record<string, unknown>, value.metadata ?? {}]) {
    for (const key of METADATA_KEYS) {
      const field = (source as Record<string, unknown>)[key];
      if (field !== undefined) merged[key.replaceAll('_', '-')] = field;
    }
  }
  return Object.keys(merged).length === 0 ? undefined : merged;
}
