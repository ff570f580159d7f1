import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { agentSchema, toAgentJson } from './agent-schemas.ts';
import { jsonResponse } from './json-body.ts';
import { toWorkspaceJson, workspaceRoleSchema, workspaceSchema } from './workspace-schemas.ts';

const meSchema = z
  .object({
    principal: z.object({
      kind: z.enum(['user', 'agent']),
      id: z.string(),
      tokenId: z.string().optional().openapi({ description: 'The bearer token used, if any' }),
      sessionId: z
        .string()
        .optional()
        .openapi({ description: 'The web session used (session cookie), if any' }),
      workspaceId: z.string().openapi({ description: 'The workspace this request acts in' }),
      role: workspaceRoleSchema.optional(),
      instanceAdmin: z
        .boolean()
        .openapi({ description: 'May install public skills (always false for agents)' }),
    }),
    user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).optional(),
    agent: agentSchema.optional(),
    workspaces: z.array(workspaceSchema),
  })
  .openapi('Me');

const getMe = createRoute({
  method: 'get',
  path: '/api/me',
  tags: ['me'],
  summary:
    'Who the token or session belongs to, the current workspace and every workspace with my role',
  responses: { 200: jsonResponse(meSchema, 'The caller'), ...errorResponses() },
});

/** Registers `GET /api/me`. */
export function registerMeRoute(app: ApiApp, { store }: AppDependencies) {
  app.openapi(getMe, async (context) => {
    const principal = context.var.principal;
    if (principal.kind === 'agent') {
      const [agent, workspace] = await Promise.all([
        store.agents.get(principal.workspaceId, principal.agentId),
        store.workspaces.get(principal.workspaceId),
      ]);
      if (agent === undefined) throw notFoundError('agent', principal.agentId);
      return context.json(
        {
          principal: {
            kind: 'agent' as const,
            id: principal.agentId,
            tokenId: principal.tokenId,
            workspaceId: principal.workspaceId,
            instanceAdmin: false,
          },
          agent: toAgentJson(agent),
          workspaces: workspace === undefined ? [] : [toWorkspaceJson(workspace)],
        },
        200,
      );
    }
    const [user, memberships, token] = await Promise.all([
      store.users.get(principal.userId),
      store.workspaces.listForUser(principal.userId),
      principal.tokenId === undefined ? undefined : store.tokens.get(principal.tokenId),
    ]);
    if (user === undefined) throw notFoundError('user', principal.userId);
    const visible = memberships.filter(
      (membership) => token?.workspaceId == null || token.workspaceId === membership.workspace.id,
    );
    return context.json(
      {
        principal: {
          kind: 'user' as const,
          id: principal.userId,
          ...(principal.tokenId === undefined ? {} : { tokenId: principal.tokenId }),
          ...(principal.sessionId === undefined ? {} : { sessionId: principal.sessionId }),
          workspaceId: principal.workspaceId,
          role: principal.role,
          instanceAdmin: principal.instanceAdmin,
        },
        user: { id: user.id, name: user.name, email: user.email },
        workspaces: visible.map((membership) =>
          toWorkspaceJson(membership.workspace, membership.role),
        ),
      },
      200,
    );
  });
}
