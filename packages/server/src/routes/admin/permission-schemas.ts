import { z } from '@hono/zod-openapi';
import { PERMISSION_ACTIONS, POLICY_SURFACES } from '@skillset/core';
import type { StoredPermissionRule } from '@skillset/store';

const surfaceSchema = z.enum([...POLICY_SURFACES, '*']);
const actionSchema = z.enum(PERMISSION_ACTIONS);

/** A permission rule as the API returns it. */
export const permissionRuleSchema = z
  .object({
    id: z.string(),
    agentId: z.string().nullable(),
    principal: z.string(),
    skill: z.string(),
    surface: surfaceSchema,
    action: actionSchema,
    createdAt: z.string(),
  })
  .openapi('PermissionRule');

const ruleFields = {
  principal: z
    .string()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: 'A user id, an agent id, or * (default)' }),
  skill: z.string().trim().min(1).max(200).openapi({ description: 'A skill name or glob' }),
  surface: surfaceSchema.optional().openapi({ description: 'Default *: every surface' }),
  action: actionSchema,
};

/** The body of `POST /api/permissions`: one rule, bound to an agent or workspace-wide. */
export const createPermissionRuleSchema = z.strictObject({
  agentId: z.string().min(1).nullable().optional(),
  ...ruleFields,
});

/** The body of `PUT /api/permissions`: every rule of one agent (or the workspace-wide ones). */
export const replacePermissionRulesSchema = z.strictObject({
  agentId: z.string().min(1).nullable().optional(),
  rules: z.array(z.strictObject(ruleFields)).max(1000),
});

/** The query of `GET /api/permissions`. */
export const listPermissionRulesQuerySchema = z.object({
  agentId: z
    .string()
    .min(1)
    .optional()
    .openapi({
      param: { name: 'agentId', in: 'query' },
      description: 'Only workspace-wide rules and the rules of this agent',
    }),
});

/** The path of one rule. */
export const permissionRuleIdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Serialises a rule. */
export function toPermissionRuleJson(
  rule: StoredPermissionRule,
): z.infer<typeof permissionRuleSchema> {
  return {
    id: rule.id,
    agentId: rule.agentId,
    principal: rule.principal,
    skill: rule.skill,
    surface: rule.surface,
    action: rule.action,
    createdAt: rule.createdAt.toISOString(),
  };
}
