import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import { hasRole, type TokenInfo } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { assertRole, requireUser } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import {
  createdTokenSchema,
  createTokenSchema,
  listTokensQuerySchema,
  tokenIdParamsSchema,
  tokenSchema,
  toTokenJson,
} from './token-schemas.ts';

const tags = ['tokens'];

const listTokens = createRoute({
  method: 'get',
  path: '/api/tokens',
  tags,
  summary: 'My tokens; admins also see the agent tokens of the workspace (never the secrets)',
  request: { query: listTokensQuerySchema },
  responses: {
    200: jsonResponse(z.object({ tokens: z.array(tokenSchema) }), 'Tokens'),
    ...errorResponses(400, 403),
  },
});

const createToken = createRoute({
  method: 'post',
  path: '/api/tokens',
  tags,
  summary:
    'Create a user token for myself, or an agent token (admin); the secret is shown once. A token never exceeds the token that creates it (workspace limit, expiry); agent tokens create none',
  request: { body: jsonBody(createTokenSchema) },
  responses: {
    201: jsonResponse(createdTokenSchema, 'The token and its secret, shown only now'),
    ...errorResponses(400, 403, 404, 413),
  },
});

const revokeToken = createRoute({
  method: 'delete',
  path: '/api/tokens/{id}',
  tags,
  summary: 'Revoke a token: my own, or an agent token of the workspace (admin)',
  request: { params: tokenIdParamsSchema },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(403, 404) },
});

/** Registers list, create and revoke of tokens. */
export function registerTokenRoutes(app: ApiApp, { store }: AppDependencies) {
  app.openapi(listTokens, async (context) => {
    const user = requireUser(context.var.principal, 'list tokens');
    const includeRevoked = context.req.valid('query').includeRevoked === 'true';
    const own = await store.tokens.list({
      principalKind: 'user',
      principalId: user.userId,
      includeRevoked,
    });
    const agents = hasRole(user.role, 'admin')
      ? await store.tokens.list({
          principalKind: 'agent',
          workspaceId: user.workspaceId,
          includeRevoked,
        })
      : [];
    return context.json({ tokens: [...own, ...agents].map(toTokenJson) }, 200);
  });

  app.openapi(createToken, async (context) => {
    const principal = context.var.principal;
    const body = context.req.valid('json');
    if (
      body.agentId !== undefined &&
      (await store.agents.get(principal.workspaceId, body.agentId)) === undefined
    ) {
      throw notFoundError('agent', body.agentId);
    }
    const user = requireUser(principal, 'create tokens');
    const requested = body.expiresAt === undefined ? undefined : new Date(body.expiresAt);
    if (requested !== undefined && requested.getTime() <= Date.now()) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: `expiresAt ${body.expiresAt} is in the past; give a future date.`,
      });
    }
    if (body.agentId !== undefined)
      assertRole(user.role, ABILITY_ROLES.manageAgents, 'create agent tokens');
    // A token made with a token never exceeds it: the same workspace limit, no later expiry.
    const creator = user.tokenId === undefined ? undefined : await store.tokens.get(user.tokenId);
    const limit = creator?.expiresAt ?? undefined;
    if (requested !== undefined && limit !== undefined && requested > limit) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'invalid_request',
        message: `expiresAt ${body.expiresAt} is after ${limit.toISOString()}, when the token you are using expires; a token cannot outlive the token that creates it.`,
      });
    }
    const expiresAt = requested ?? limit;
    const workspaceOnly = body.workspaceOnly === true || creator?.workspaceId != null;
    const created = await store.tokens.create({
      name: body.name,
      principal:
        body.agentId === undefined
          ? {
              kind: 'user',
              userId: user.userId,
              ...(workspaceOnly ? { workspaceId: user.workspaceId } : {}),
            }
          : { kind: 'agent', agentId: body.agentId, workspaceId: user.workspaceId },
      ...(expiresAt === undefined ? {} : { expiresAt }),
      actor: actorOf(user),
    });
    return context.json({ token: created.token, info: toTokenJson(created.info) }, 201);
  });

  app.openapi(revokeToken, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    const token: TokenInfo | undefined = await store.tokens.get(id);
    const mine =
      principal.kind === 'user' &&
      token?.principalKind === 'user' &&
      token.principalId === principal.userId;
    const workspaceAgents =
      token?.principalKind === 'agent' && token.workspaceId === principal.workspaceId;
    if (token === undefined || token.revokedAt !== null || !(mine || workspaceAgents)) {
      throw notFoundError('token', id);
    }
    const user = requireUser(principal, 'revoke tokens');
    if (!mine) assertRole(user.role, ABILITY_ROLES.manageAgents, 'revoke agent tokens');
    if (!(await store.tokens.revoke({ id, actor: actorOf(user) }))) {
      throw notFoundError('token', id);
    }
    return context.body(null, 204);
  });
}
