import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { requireRole, requireUser } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import {
  createPermissionRuleSchema,
  listPermissionRulesQuerySchema,
  permissionRuleIdParamsSchema,
  permissionRuleSchema,
  replacePermissionRulesSchema,
  toPermissionRuleJson,
} from './permission-schemas.ts';

const tags = ['permissions'];
const rulesSchema = z.object({ rules: z.array(permissionRuleSchema) });

const listRules = createRoute({
  method: 'get',
  path: '/api/permissions',
  tags,
  summary: 'The permission rules of the workspace',
  request: { query: listPermissionRulesQuerySchema },
  responses: {
    200: jsonResponse(rulesSchema, 'Rules, oldest first'),
    ...errorResponses(400, 403, 404),
  },
});

const createRule = createRoute({
  method: 'post',
  path: '/api/permissions',
  tags,
  summary: 'Add a rule: allow, ask or deny a skill pattern on a surface (admin)',
  request: { body: jsonBody(createPermissionRuleSchema) },
  responses: {
    201: jsonResponse(permissionRuleSchema, 'The new rule'),
    ...errorResponses(400, 403, 404, 413),
  },
});

const replaceRules = createRoute({
  method: 'put',
  path: '/api/permissions',
  tags,
  summary:
    'Replace every rule of one agent, or the workspace-wide rules when agentId is absent (admin)',
  request: { body: jsonBody(replacePermissionRulesSchema) },
  responses: {
    200: jsonResponse(rulesSchema, 'The rules now stored for that agent or the workspace'),
    ...errorResponses(400, 403, 404, 413),
  },
});

const deleteRule = createRoute({
  method: 'delete',
  path: '/api/permissions/{id}',
  tags,
  summary: 'Delete a rule (admin)',
  request: { params: permissionRuleIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
});

/** Registers list, create, replace and delete of permission rules. */
export function registerPermissionRoutes(app: ApiApp, { store }: AppDependencies) {
  // A named agent of another workspace is a 404 before any role check, so nothing leaks.
  const assertAgentInWorkspace = async (
    workspaceId: string,
    agentId: string | null | undefined,
  ) => {
    if (agentId == null) return;
    if ((await store.agents.get(workspaceId, agentId)) === undefined) {
      throw notFoundError('agent', agentId);
    }
  };

  app.openapi(listRules, async (context) => {
    const principal = context.var.principal;
    const { agentId } = context.req.valid('query');
    await assertAgentInWorkspace(principal.workspaceId, agentId);
    const user = requireUser(principal, 'list permission rules');
    const rules = await store.permissions.list({
      workspaceId: user.workspaceId,
      ...(agentId === undefined ? {} : { agentId }),
    });
    return context.json({ rules: rules.map(toPermissionRuleJson) }, 200);
  });

  app.openapi(createRule, async (context) => {
    const principal = context.var.principal;
    const body = context.req.valid('json');
    await assertAgentInWorkspace(principal.workspaceId, body.agentId);
    const user = requireRole(principal, ABILITY_ROLES.manageRules, 'change permission rules');
    const rule = await store.permissions.create({
      ...body,
      workspaceId: user.workspaceId,
      actor: actorOf(user),
    });
    return context.json(toPermissionRuleJson(rule), 201);
  });

  app.openapi(replaceRules, async (context) => {
    const principal = context.var.principal;
    const body = context.req.valid('json');
    await assertAgentInWorkspace(principal.workspaceId, body.agentId);
    const user = requireRole(principal, ABILITY_ROLES.manageRules, 'change permission rules');
    const rules = await store.permissions.replace({
      workspaceId: user.workspaceId,
      agentId: body.agentId ?? null,
      rules: body.rules,
      actor: actorOf(user),
    });
    return context.json({ rules: rules.map(toPermissionRuleJson) }, 200);
  });

  app.openapi(deleteRule, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    const rules = await store.permissions.list({ workspaceId: principal.workspaceId });
    if (!rules.some((rule) => rule.id === id)) throw notFoundError('permission rule', id);
    const user = requireRole(principal, ABILITY_ROLES.manageRules, 'delete permission rules');
    if (
      !(await store.permissions.delete({ workspaceId: user.workspaceId, id, actor: actorOf(user) }))
    ) {
      throw notFoundError('permission rule', id);
    }
    return context.body(null, 204);
  });
}
