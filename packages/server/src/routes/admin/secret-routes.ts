import { createRoute } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import { checkSecretName, type Store, secretsNotConfigured } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import type { RequestPrincipal } from '../../app/app-env.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { requireRole, type UserPrincipal } from '../../auth/require-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import {
  approveSecretSchema,
  putSecretSchema,
  secretListSchema,
  secretNameParamsSchema,
  secretSchema,
  toSecretJson,
} from './secret-schemas.ts';

const tags = ['secrets'];

const listSecrets = createRoute({
  method: 'get',
  path: '/api/secrets',
  tags,
  summary: 'The secrets of the workspace: names, bound skills and dates, never values (admin)',
  responses: {
    200: jsonResponse(secretListSchema, 'Secrets by name'),
    ...errorResponses(403, 503),
  },
});

const putSecret = createRoute({
  method: 'put',
  path: '/api/secrets/{name}',
  tags,
  summary: 'Create or replace a secret’s value and/or the skills it is bound to (admin)',
  request: { params: secretNameParamsSchema, body: jsonBody(putSecretSchema) },
  responses: {
    200: jsonResponse(secretSchema, 'Replaced'),
    201: jsonResponse(secretSchema, 'Created'),
    ...errorResponses(400, 403, 404, 413, 503),
  },
});

const approveSecret = createRoute({
  method: 'post',
  path: '/api/secrets/{name}/approvals',
  tags,
  summary:
    'Approve the current revision of a bound skill for the secret: only that revision’s scripts get it (admin)',
  request: { params: secretNameParamsSchema, body: jsonBody(approveSecretSchema) },
  responses: {
    200: jsonResponse(secretSchema, 'Approved'),
    ...errorResponses(400, 403, 404, 409, 503),
  },
});

const deleteSecret = createRoute({
  method: 'delete',
  path: '/api/secrets/{name}',
  tags,
  summary: 'Delete a secret (admin)',
  request: { params: secretNameParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(400, 403, 404, 503) },
});

/** Admins only, and only when the server has a key; the role is checked first. */
function requireSecretsAdmin(
  store: Store,
  principal: RequestPrincipal,
  what: string,
): UserPrincipal {
  const user = requireRole(principal, ABILITY_ROLES.manageSecrets, what);
  if (!store.secrets.configured) throw secretsNotConfigured();
  return user;
}

function assertSecretName(name: string): void {
  const issues = checkSecretName(name);
  if (issues.length === 0) return;
  throw new SkillsetError<ServerErrorCode>({
    code: 'invalid_secret',
    message: issues.map((issue) => issue.message).join(' '),
    details: { issues },
  });
}

/** Registers list, put, approve and delete of the workspace's secrets. */
export function registerSecretRoutes(app: ApiApp, { store }: AppDependencies) {
  app.openapi(listSecrets, async (context) => {
    const user = requireSecretsAdmin(store, context.var.principal, 'list secrets');
    const secrets = await store.secrets.list(user.workspaceId);
    return context.json({ secrets: secrets.map(toSecretJson) }, 200);
  });

  app.openapi(putSecret, async (context) => {
    const user = requireSecretsAdmin(store, context.var.principal, 'change secrets');
    const { name } = context.req.valid('param');
    const body = context.req.valid('json');
    const { secret, created } = await store.secrets.set({
      workspaceId: user.workspaceId,
      name,
      value: body.value,
      skills: body.skills,
      actor: actorOf(user),
    });
    return created
      ? context.json(toSecretJson(secret), 201)
      : context.json(toSecretJson(secret), 200);
  });

  app.openapi(approveSecret, async (context) => {
    const user = requireSecretsAdmin(store, context.var.principal, 'approve skills for secrets');
    const { name } = context.req.valid('param');
    assertSecretName(name);
    const body = context.req.valid('json');
    const secret = await store.secrets.approve({
      workspaceId: user.workspaceId,
      name,
      skill: body.skill,
      digest: body.digest,
      actor: actorOf(user),
    });
    return context.json(toSecretJson(secret), 200);
  });

  app.openapi(deleteSecret, async (context) => {
    const user = requireSecretsAdmin(store, context.var.principal, 'delete secrets');
    const { name } = context.req.valid('param');
    assertSecretName(name);
    if (
      !(await store.secrets.delete({ workspaceId: user.workspaceId, name, actor: actorOf(user) }))
    ) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'secret_not_found',
        message: `No secret ${name} in this workspace; GET /api/secrets lists them.`,
        details: { name },
      });
    }
    return context.body(null, 204);
  });
}
