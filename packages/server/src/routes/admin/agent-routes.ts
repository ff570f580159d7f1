import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { AgentSettings, Store } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { forbiddenError } from '../../auth/forbidden-error.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { requireRole, requireUser } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import {
  agentIdParamsSchema,
  agentSchema,
  type agentSettingsInputSchema,
  createAgentSchema,
  toAgentJson,
  updateAgentSchema,
} from './agent-schemas.ts';
import { jsonBody, jsonResponse } from './json-body.ts';

const tags = ['agents'];

const listAgents = createRoute({
  method: 'get',
  path: '/api/agents',
  tags,
  summary: 'The agents of the caller’s workspace',
  responses: {
    200: jsonResponse(z.object({ agents: z.array(agentSchema) }), 'Agents'),
    ...errorResponses(403),
  },
});

const createAgent = createRoute({
  method: 'post',
  path: '/api/agents',
  tags,
  summary: 'Create an agent in the caller’s workspace (admin)',
  request: { body: jsonBody(createAgentSchema) },
  responses: {
    201: jsonResponse(agentSchema, 'The new agent'),
    ...errorResponses(400, 403, 409, 413),
  },
});

const getAgent = createRoute({
  method: 'get',
  path: '/api/agents/{id}',
  tags,
  summary: 'One agent (an agent token may read its own)',
  request: { params: agentIdParamsSchema },
  responses: { 200: jsonResponse(agentSchema, 'The agent'), ...errorResponses(403, 404) },
});

const updateAgent = createRoute({
  method: 'patch',
  path: '/api/agents/{id}',
  tags,
  summary: 'Rename an agent or change its settings (admin); settings are merged',
  request: { params: agentIdParamsSchema, body: jsonBody(updateAgentSchema) },
  responses: {
    200: jsonResponse(agentSchema, 'The updated agent'),
    ...errorResponses(400, 403, 404, 409, 413),
  },
});

const deleteAgent = createRoute({
  method: 'delete',
  path: '/api/agents/{id}',
  tags,
  summary: 'Delete an agent with its tokens and rules (admin)',
  request: { params: agentIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
});

function toSettings(
  input: z.infer<typeof agentSettingsInputSchema> | undefined,
): Partial<AgentSettings> | undefined {
  if (input === undefined) return undefined;
  const { integrations, catalogBudget, revisionPins, ...rest } = input;
  return {
    ...rest,
    ...(revisionPins === undefined ? {} : { revisionPins: revisionPins ?? {} }),
    ...(integrations === undefined ? {} : { integrations: integrations ?? undefined }),
    ...(catalogBudget === undefined ? {} : { catalogBudget: catalogBudget ?? undefined }),
  };
}

/** Refuses a pin to a skill the workspace does not have, or to a revision that was never published. */
async function assertRevisionPins(
  store: Store,
  workspaceId: string,
  pins: Readonly<Record<string, number>> | null | undefined,
): Promise<void> {
  for (const [name, version] of Object.entries(pins ?? {})) {
    const skill = await store.skills.getByName({ workspaceId, name });
    const revision =
      skill === undefined
        ? undefined
        : await store.skills.getVersion({
            workspaceId,
            id: skill.id,
            version,
            publishedOnly: true,
          });
    if (revision === undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: `Cannot pin ${JSON.stringify(name)} to version ${version}: ${skill === undefined ? 'the workspace has no such skill' : 'that revision was never published'}; pin a version listed by GET /api/skills/${encodeURIComponent(name)}/versions that is or was published.`,
      });
    }
  }
}

async function assertMember(store: Store, workspaceId: string, userId: string) {
  if ((await store.members.getRole(workspaceId, userId)) === undefined) {
    throw new SkillsetError<ServerErrorCode>({
      code: 'user_not_member',
      message: `actsForUserId ${JSON.stringify(userId)} is not a member of this workspace; an agent can act only for a member.`,
    });
  }
}

/** Registers list, create, get, update and delete of the agents of the caller’s workspace. */
export function registerAgentRoutes(app: ApiApp, { store }: AppDependencies) {
  const findAgent = async (workspaceId: string, id: string) => {
    const agent = await store.agents.get(workspaceId, id);
    if (agent === undefined) throw notFoundError('agent', id);
    return agent;
  };

  app.openapi(listAgents, async (context) => {
    const user = requireUser(context.var.principal, 'list agents');
    const agents = await store.agents.list(user.workspaceId);
    return context.json({ agents: agents.map(toAgentJson) }, 200);
  });

  app.openapi(createAgent, async (context) => {
    const user = requireRole(context.var.principal, ABILITY_ROLES.manageAgents, 'create agents');
    const body = context.req.valid('json');
    if (body.actsForUserId !== undefined) {
      await assertMember(store, user.workspaceId, body.actsForUserId);
    }
    await assertRevisionPins(store, user.workspaceId, body.settings?.revisionPins);
    const settings = toSettings(body.settings);
    const agent = await store.agents.create({
      workspaceId: user.workspaceId,
      name: body.name,
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(settings === undefined ? {} : { settings }),
      ...(body.actsForUserId === undefined ? {} : { actsForUserId: body.actsForUserId }),
      actor: actorOf(user),
    });
    return context.json(toAgentJson(agent), 201);
  });

  app.openapi(getAgent, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    const agent = await findAgent(principal.workspaceId, id);
    if (principal.kind === 'agent' && principal.agentId !== id) {
      throw forbiddenError('An agent token may read only its own agent record.');
    }
    return context.json(toAgentJson(agent), 200);
  });

  app.openapi(updateAgent, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    await findAgent(principal.workspaceId, id);
    const user = requireRole(principal, ABILITY_ROLES.manageAgents, 'change agents');
    const body = context.req.valid('json');
    if (body.actsForUserId != null) await assertMember(store, user.workspaceId, body.actsForUserId);
    await assertRevisionPins(store, user.workspaceId, body.settings?.revisionPins);
    const settings = toSettings(body.settings);
    const agent = await store.agents.update({
      workspaceId: user.workspaceId,
      id,
      ...(body.name === undefined ? {} : { name: body.name }),
      ...(body.description === undefined ? {} : { description: body.description }),
      ...(settings === undefined ? {} : { settings }),
      ...(body.actsForUserId === undefined ? {} : { actsForUserId: body.actsForUserId }),
      actor: actorOf(user),
    });
    if (agent === undefined) throw notFoundError('agent', id);
    return context.json(toAgentJson(agent), 200);
  });

  app.openapi(deleteAgent, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    await findAgent(principal.workspaceId, id);
    const user = requireRole(principal, ABILITY_ROLES.manageAgents, 'delete agents');
    if (!(await store.agents.delete({ workspaceId: user.workspaceId, id, actor: actorOf(user) }))) {
      throw notFoundError('agent', id);
    }
    return context.body(null, 204);
  });
}
