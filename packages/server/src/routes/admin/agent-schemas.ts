import { z } from '@hono/zod-openapi';
import { CONTENT_RISK_POLICIES } from '@skillset/core';
import type { StoredAgent } from '@skillset/store';

const patternListSchema = z.array(z.string().trim().min(1).max(200)).max(1000);

/** An agent's settings as the API returns them. */
export const agentSettingsSchema = z
  .object({
    skillsEnabled: z.boolean(),
    allowlist: z.array(z.string()),
    integrations: z.array(z.string()).optional(),
    includePersonal: z.boolean(),
    catalogBudget: z.number().optional(),
    contentRisks: z.enum(CONTENT_RISK_POLICIES).optional().openapi({
      description:
        '`block`: skills the doctor flags for content risks are refused for this agent; absent: as the workspace says',
    }),
    requireSigned: z.boolean().optional().openapi({
      description:
        "true: only skills signed by one of the workspace's trusted signers reach this agent; absent: as the workspace says",
    }),
    skills: z.array(z.string()),
    revisionPins: z.record(z.string(), z.number().int()).optional().openapi({
      description:
        'Skills this agent keeps at an exact published revision (name → version) until the pin changes',
    }),
    role: z.enum(['viewer', 'member']).optional().openapi({
      description:
        'The agent’s role over skills: `member` may create and change workspace skills (within its permission rules and the role of the user it acts for); absent: `viewer`',
    }),
  })
  .openapi('AgentSettings');

/** Settings a request may set; `integrations: null` and `catalogBudget: null` return to the default. */
export const agentSettingsInputSchema = z.strictObject({
  skillsEnabled: z.boolean().optional(),
  allowlist: patternListSchema.optional(),
  integrations: z.array(z.string().min(1).max(100)).max(200).nullable().optional(),
  includePersonal: z.boolean().optional(),
  catalogBudget: z.number().int().min(1).max(1_000_000).nullable().optional(),
  contentRisks: z.enum(CONTENT_RISK_POLICIES).optional(),
  requireSigned: z.boolean().optional(),
  skills: patternListSchema.optional(),
  role: z.enum(['viewer', 'member']).optional(),
  revisionPins: z
    .record(
      z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a skill name in lower case'),
      z.number().int().min(1).max(1_000_000_000),
    )
    .refine((pins) => Object.keys(pins).length <= 1000, 'at most 1000 pins')
    .nullable()
    .optional()
    .openapi({
      description:
        'Pin skills to a published revision (name → version); the whole map is replaced, null removes every pin',
    }),
});

/** An agent as the API returns it. */
export const agentSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    settings: agentSettingsSchema,
    actsForUserId: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Agent');

const agentNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[^\s/][^/]*$/, 'an agent name cannot contain "/" or start with a space');

/** The body of `POST /api/agents`. */
export const createAgentSchema = z.strictObject({
  name: agentNameSchema,
  description: z.string().max(2000).optional(),
  settings: agentSettingsInputSchema.optional(),
  actsForUserId: z.string().min(1).optional(),
});

/** The body of `PATCH /api/agents/{id}`; settings are merged into the stored ones. */
export const updateAgentSchema = z.strictObject({
  name: agentNameSchema.optional(),
  description: z.string().max(2000).nullable().optional(),
  settings: agentSettingsInputSchema.optional(),
  actsForUserId: z.string().min(1).nullable().optional(),
});

/** The path of one agent. */
export const agentIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Serialises an agent. */
export function toAgentJson(agent: StoredAgent): z.infer<typeof agentSchema> {
  return {
    id: agent.id,
    workspaceId: agent.workspaceId,
    name: agent.name,
    description: agent.description,
    settings: agent.settings,
    actsForUserId: agent.actsForUserId,
    createdAt: agent.createdAt.toISOString(),
    updatedAt: agent.updatedAt.toISOString(),
  };
}
