import { z } from '@hono/zod-openapi';
import {
  createManifest,
  type SkillArgument,
  type SkillManifest,
  type SkillRequirements,
  serializeSkill,
} from '@skillset/core';
import { CREATABLE_SCOPES } from './save-new-skill.ts';

const names = z.array(z.string().min(1));

const argumentSchema = z.strictObject({
  name: z.string().min(1),
  type: z.enum(['string', 'number', 'integer', 'boolean']).optional(),
  description: z.string().optional(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  enum: z.array(z.union([z.string(), z.number()])).optional(),
});

const requiresSchema = z
  .strictObject({
    bins: names,
    anyBins: names,
    env: names,
    config: names,
    os: names,
    always: z.boolean(),
  })
  .partial();

/** The manifest fields `POST /api/skills` accepts besides name, description and body (camelCase). */
const manifestFieldsShape = {
  license: z.string().optional(),
  compatibility: z.string().optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  allowedTools: names.optional(),
  disallowedTools: names.optional(),
  disableModelInvocation: z.boolean().optional(),
  userInvocable: z.boolean().optional(),
  context: z.enum(['inline', 'fork']).optional(),
  agent: z.string().optional(),
  model: z.string().optional(),
  argumentHint: z.string().optional(),
  arguments: z.array(argumentSchema).optional(),
  tags: names.optional(),
  category: z.string().optional(),
  icon: z.string().optional(),
  version: z.string().optional(),
  integration: z.string().optional(),
  requires: requiresSchema.optional(),
  toolDispatch: z.string().optional(),
  references: names.optional(),
};

/** The body of `POST /api/skills`: the whole `SKILL.md` as `content`, or its fields. */
export const createSkillBodySchema = z
  .strictObject({
    content: z.string().min(1).optional().openapi({ description: 'The whole SKILL.md text.' }),
    scope: z.enum(CREATABLE_SCOPES).optional().openapi({ description: 'Default: workspace.' }),
    files: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'Other text files by path relative to the skill folder.' }),
    name: z.string().min(1).optional(),
    description: z.string().min(1).optional(),
    body: z.string().optional().openapi({ description: 'The Markdown instructions.' }),
    ...manifestFieldsShape,
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

function toArgument(input: z.output<typeof argumentSchema>): SkillArgument {
  const { type = 'string', required = false, ...rest } = input;
  return { ...rest, type, required } as SkillArgument;
}

function toRequirements(input: z.output<typeof requiresSchema>): SkillRequirements {
  return {
    bins: input.bins ?? [],
    anyBins: input.anyBins ?? [],
    env: input.env ?? [],
    config: input.config ?? [],
    os: input.os ?? [],
    always: input.always ?? false,
  };
}

/** The `SKILL.md` text of a create request: `content` as given, or fields serialised with core. */
export function skillTextOfCreateBody(body: CreateSkillBody): string {
  if (body.content !== undefined) return body.content;
  const {
    content: _content,
    scope: _scope,
    files: _files,
    body: markdown = '',
    name = '',
    description = '',
    arguments: declared,
    requires,
    ...rest
  } = body;
  const defined = Object.fromEntries(
    Object.entries(rest).filter(([, value]) => value !== undefined),
  ) as Partial<SkillManifest>;
  const manifest = createManifest({
    ...defined,
    name,
    description,
    ...(declared === undefined ? {} : { arguments: declared.map(toArgument) }),
    ...(requires === undefined ? {} : { requires: toRequirements(requires) }),
  });
  return serializeSkill(
    manifest,
    markdown.endsWith('\n') || markdown === '' ? markdown : `${markdown}\n`,
  );
}
