import { z } from '@hono/zod-openapi';

/** `?workspace=` picks a user's workspace (see the auth middleware); every runtime query accepts it. */
export const workspaceQuery = z
  .string()
  .min(1)
  .optional()
  .openapi({ description: 'Workspace id or slug (user tokens; default: the token’s workspace).' });

/** The `?agent=` query of the runtime routes. */
export const agentQuery = z.string().min(1).max(200).optional().openapi({
  description:
    'Agent id or name; agent tokens default to themselves, users get the workspace policy without it.',
});

/** Query of `GET /api/skills/commands`. */
export const commandsQuerySchema = z.strictObject({ agent: agentQuery, workspace: workspaceQuery });

/** One user-invocable skill for `/` autocomplete. */
export const commandSchema = z
  .object({
    name: z.string(),
    description: z.string(),
    argumentHint: z.string().optional(),
    arguments: z.array(
      z.object({
        name: z.string(),
        type: z.enum(['string', 'number', 'integer', 'boolean']),
        description: z.string().optional(),
        required: z.boolean(),
        default: z.union([z.string(), z.number(), z.boolean()]).optional(),
        enum: z.array(z.union([z.string(), z.number()])).optional(),
      }),
    ),
  })
  .openapi('SkillCommand');

/** Query of `GET /api/skills/prompt`. */
export const promptQuerySchema = z.strictObject({
  agent: agentQuery,
  query: z
    .string()
    .max(20_000)
    .optional()
    .openapi({ description: 'The user message; ranks the entries in `ranked` mode.' }),
  budget: z.coerce.number().int().min(1).max(1_000_000).optional().openapi({
    description:
      'Token budget; default: the agent’s catalogBudget, else the workspace’s, else 2,000.',
  }),
  format: z.enum(['markdown', 'xml']).optional(),
  mode: z.enum(['stable', 'ranked']).optional(),
  workspace: workspaceQuery,
});

/** The rendered catalog. */
export const promptResponseSchema = z
  .object({
    text: z.string(),
    entries: z.array(z.object({ name: z.string(), description: z.string().optional() })),
    omitted: z.number().int(),
    tokens: z.number().int(),
    budget: z
      .number()
      .int()
      .openapi({ description: 'The token budget the catalog was fitted to.' }),
  })
  .openapi('SkillPrompt');

/** Body of `POST /api/skills/invoke`. */
export const invokeBodySchema = z.strictObject({
  agent: z.string().min(1).max(200).optional(),
  message: z.string().max(100_000),
  sessionId: z.string().min(1).max(200).optional().openapi({
    description: 'The conversation: an active skill is not placed twice in one session.',
  }),
});

/** The result of an invocation. */
export const invokeResponseSchema = z
  .object({
    activations: z.array(
      z.object({
        name: z.string(),
        context: z.enum(['inline', 'fork']),
        content: z.string().optional().openapi({
          description:
            'The rendered body (inline) or the fork’s task; absent while the skill needs a person’s approval',
        }),
        version: z.number().int(),
        requiresApproval: z.boolean().optional().openapi({
          description:
            'An `ask` rule applies: the body is withheld; run the turn through POST /api/chat, where a person approves it',
        }),
      }),
    ),
    message: z.string(),
    unknown: z.array(z.string()),
  })
  .openapi('SkillInvocation');

/** Query of `GET /api/usage`. */
export const usageQuerySchema = z.strictObject({
  from: z.string().optional().openapi({
    description: 'Inclusive start (ISO date or date-time); default 30 days before `to`.',
  }),
  to: z.string().optional().openapi({
    description: 'End (ISO date-time, exclusive; a date counts that whole day); default now.',
  }),
  skill: z.string().min(1).max(64).optional(),
  workspace: workspaceQuery,
});

/** Usage counts. */
export const usageResponseSchema = z
  .object({
    from: z.string(),
    to: z.string(),
    counts: z.array(
      z.object({
        skill: z.string(),
        day: z.string(),
        trigger: z.string(),
        count: z.number().int(),
      }),
    ),
  })
  .openapi('SkillUsage');

/** Query of `GET /api/audit`. */
export const auditQuerySchema = z.strictObject({
  before: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  workspace: workspaceQuery,
  scope: z
    .enum(['workspace', 'instance'])
    .optional()
    .openapi({
      description:
        '`workspace` (default): the caller’s workspace, for its admins and owners. `instance`: ' +
        'instance-level entries (tokens, public skills, deleted workspaces), for instance admins.',
    }),
  workspaceId: z.string().min(1).max(200).optional().openapi({
    description:
      'With `scope=instance`: the entries of this workspace instead, also after it was deleted.',
  }),
});

/** A page of the audit log, newest first. */
export const auditResponseSchema = z
  .object({
    entries: z.array(
      z.object({
        id: z.number().int(),
        /** Null for instance-level entries. */
        workspaceId: z.string().nullable(),
        actor: z.object({ kind: z.string(), id: z.string() }).nullable(),
        action: z.string(),
        target: z.object({ kind: z.string(), id: z.string() }).nullable(),
        details: z.record(z.string(), z.unknown()),
        at: z.string(),
      }),
    ),
    nextBefore: z.number().int().optional(),
  })
  .openapi('AuditPage');
