import { z } from '@hono/zod-openapi';
import { STORED_SKILL_SCOPES } from '@skillset/store';
import { skillSignatureSchema } from './present-skill-signature.ts';
import { skillAbilitiesSchema } from './skill-abilities.ts';

/** A stored scope: `builtin`, `public`, `workspace` or `personal`. */
export const skillScopeSchema = z.enum(STORED_SKILL_SCOPES).openapi('SkillScope');

/** One validation issue of a skill or a package. */
export const skillIssueSchema = z
  .object({
    code: z.string(),
    severity: z.enum(['error', 'warning']),
    message: z.string(),
    field: z.string().optional(),
    line: z.number().int().optional(),
    column: z.number().int().optional(),
  })
  .openapi('SkillIssue');

/** What a skill needs and the server lacks. */
export const eligibilitySchema = z
  .object({
    eligible: z.boolean(),
    missing: z.object({
      bins: z.array(z.string()),
      anyBins: z.array(z.string()),
      env: z.array(z.string()),
      config: z.array(z.string()),
      os: z.array(z.string()),
    }),
  })
  .openapi('SkillEligibility');

/** A skill in a listing. */
export const skillSummarySchema = z
  .object({
    name: z.string(),
    description: z.string(),
    scope: skillScopeSchema,
    source: z.string(),
    enabled: z.boolean(),
    version: z.number().int(),
    tags: z.array(z.string()),
    category: z.string().nullable(),
    eligible: z.boolean(),
    userInvocable: z.boolean().openapi({ description: 'A person may invoke it (`/name`).' }),
    modelInvocable: z.boolean().openapi({ description: 'The model may load it by itself.' }),
    integration: z
      .string()
      .nullable()
      .openapi({ description: 'The integration the skill belongs to, if any.' }),
    match: z
      .array(
        z.object({
          field: z.enum(['name', 'description', 'tags', 'category']),
          words: z.array(z.string()),
        }),
      )
      .optional()
      .openapi({
        description: 'With `q`: the fields and words of the skill that matched the search',
      }),
    shadowedBy: skillScopeSchema
      .optional()
      .openapi({ description: 'The scope of the visible skill of the same name that wins.' }),
  })
  .openapi('SkillSummary');

/** A skill in `GET /api/skills`: the summary plus its last update, 30-day uses and signature. */
export const skillListItemSchema = skillSummarySchema
  .extend({
    updatedAt: z.string().openapi({ description: 'When the current version was written' }),
    updatedBy: z
      .object({ id: z.string(), name: z.string() })
      .nullable()
      .openapi({ description: 'The user or agent that wrote the current version' }),
    uses30d: z.number().int().openapi({
      description: "Successful uses of the name in the caller's workspace in the last 30 days",
    }),
    signature: z.enum(['signed', 'unsigned', 'invalid']).openapi({
      description: "The current version's signature against the workspace's trusted signers",
    }),
  })
  .openapi('SkillListItem');

/** A page of skills. */
export const skillListSchema = z
  .object({
    items: z.array(skillListItemSchema),
    total: z.number().int(),
    confident: z.number().int().optional().openapi({
      description:
        'With `q`: how many of the ranked skills, from the first, are confident matches; the rest are weaker.',
    }),
    nextCursor: z.string().optional(),
  })
  .openapi('SkillList');

/** A file of a skill version, without its bytes. */
export const skillFileSchema = z
  .object({ path: z.string(), size: z.number().int(), mime: z.string(), hash: z.string() })
  .openapi('SkillFile');

/** A skill with its content, files, eligibility, shadowing, references and warnings. */
export const skillDetailSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    scope: skillScopeSchema,
    source: z.string(),
    enabled: z.boolean(),
    version: z.number().int(),
    hash: z.string(),
    tags: z.array(z.string()),
    category: z.string().nullable(),
    manifest: z.record(z.string(), z.unknown()),
    content: z.string().openapi({ description: 'The whole SKILL.md text.' }),
    body: z.string().openapi({ description: 'The Markdown after the frontmatter.' }),
    files: z.array(skillFileSchema).openapi({ description: 'Every file but SKILL.md.' }),
    eligibility: eligibilitySchema,
    shadows: z.array(
      z.object({ scope: skillScopeSchema, version: z.number().int(), enabled: z.boolean() }),
    ),
    shadowedBy: skillScopeSchema.optional(),
    agents: z.array(z.object({ id: z.string(), name: z.string() })),
    issues: z.array(skillIssueSchema),
    signature: skillSignatureSchema,
    can: skillAbilitiesSchema,
    pendingProposals: z
      .array(
        z.object({
          version: z.number().int(),
          hash: z.string(),
          createdBy: z.string().nullable(),
          createdAt: z.string(),
        }),
      )
      .openapi({
        description:
          'Revisions proposed and waiting for review ("update pending"), newest first; always empty for agents',
      }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('SkillDetail');

/** The `name` path parameter. */
export const skillNameParamsSchema = z.object({
  name: z
    .string()
    .min(1)
    .openapi({ param: { name: 'name', in: 'path' }, example: 'review-pr' }),
});

/** The `?scope=` query parameter that picks one of several skills of a name. */
export const skillScopeQuerySchema = z.object({
  scope: skillScopeSchema.optional().openapi({
    param: { name: 'scope', in: 'query' },
    description: 'Pick the skill of this scope (e.g. a shadowed one); default: the winner.',
  }),
});
