import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import { type Store, slugify } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { assertMayCreateWorkspace } from '../../auth/assert-may-create-workspace.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { assertRole, requireUser } from '../../auth/require-role.ts';
import { resolveWorkspaceRole } from '../../auth/resolve-workspace-role.ts';
import { ABILITY_ROLES } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { assertMcpServersAllowed } from '../../outbound/assert-mcp-servers-allowed.ts';
import { NO_MCP_SOURCES } from '../../outbound/mcp-source-policy.ts';
import { assertSignerLines } from './assert-signer-lines.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import {
  createWorkspaceSchema,
  toWorkspaceJson,
  updateWorkspaceSchema,
  workspaceIdParamsSchema,
  workspaceSchema,
} from './workspace-schemas.ts';

const tags = ['workspaces'];

const listWorkspaces = createRoute({
  method: 'get',
  path: '/api/workspaces',
  tags,
  summary: 'The workspaces the caller belongs to, with the caller’s role in each',
  responses: {
    200: jsonResponse(z.object({ workspaces: z.array(workspaceSchema) }), 'My workspaces'),
    ...errorResponses(403),
  },
});

const createWorkspace = createRoute({
  method: 'post',
  path: '/api/workspaces',
  tags,
  summary:
    'Create a workspace; the caller becomes its owner (instance admins, and members or stronger of a workspace; not viewers)',
  request: { body: jsonBody(createWorkspaceSchema) },
  responses: {
    201: jsonResponse(workspaceSchema, 'The new workspace'),
    ...errorResponses(400, 403, 409, 413),
  },
});

const getWorkspace = createRoute({
  method: 'get',
  path: '/api/workspaces/{id}',
  tags,
  summary: 'One workspace the caller belongs to',
  request: { params: workspaceIdParamsSchema },
  responses: {
    200: jsonResponse(workspaceSchema, 'The workspace'),
    ...errorResponses(403, 404),
  },
});

const updateWorkspace = createRoute({
  method: 'patch',
  path: '/api/workspaces/{id}',
  tags,
  summary: 'Rename a workspace or change its settings (owner or admin)',
  request: { params: workspaceIdParamsSchema, body: jsonBody(updateWorkspaceSchema) },
  responses: {
    200: jsonResponse(workspaceSchema, 'The updated workspace'),
    ...errorResponses(400, 403, 404, 409, 413),
  },
});

const deleteWorkspace = createRoute({
  method: 'delete',
  path: '/api/workspaces/{id}',
  tags,
  summary: 'Delete a workspace and everything in it (owner)',
  request: { params: workspaceIdParamsSchema },
  responses: { 204: { description: 'Deleted' }, ...errorResponses(403, 404) },
});

async function freeSlug(store: Store, name: string): Promise<string> {
  const base = slugify(name);
  for (let attempt = 1; attempt < 100; attempt += 1) {
    const slug = attempt === 1 ? base : `${base.slice(0, 44)}-${attempt}`;
    if ((await store.workspaces.getBySlug(slug)) === undefined) return slug;
  }
  return `${base.slice(0, 39)}-${randomUUID().slice(0, 8)}`;
}

/** Registers list, create, get, update and delete of workspaces. */
export function registerWorkspaceRoutes(app: ApiApp, dependencies: AppDependencies) {
  const { store } = dependencies;
  const mcpSourcePolicy = dependencies.mcpSourcePolicy ?? NO_MCP_SOURCES;
  app.openapi(listWorkspaces, async (context) => {
    const user = requireUser(context.var.principal, 'list workspaces');
    const memberships = await store.workspaces.listForUser(user.userId);
    const token = user.tokenId === undefined ? undefined : await store.tokens.get(user.tokenId);
    const visible = memberships.filter(
      (membership) => token?.workspaceId == null || token.workspaceId === membership.workspace.id,
    );
    return context.json(
      {
        workspaces: visible.map((membership) =>
          toWorkspaceJson(membership.workspace, membership.role),
        ),
      },
      200,
    );
  });

  app.openapi(createWorkspace, async (context) => {
    const user = requireUser(context.var.principal, 'create workspaces');
    await assertMayCreateWorkspace(store, user);
    const body = context.req.valid('json');
    assertSignerLines(body.settings);
    const slug = body.slug ?? (await freeSlug(store, body.name));
    const actor = actorOf(user);
    const workspace = await store.transaction(async (transaction) => {
      const created = await transaction.workspaces.create({
        name: body.name,
        slug,
        ...(body.settings === undefined ? {} : { settings: body.settings }),
      });
      await transaction.audit.append({
        workspaceId: created.id,
        actor,
        action: 'workspace.create',
        target: { kind: 'workspace', id: created.id },
        details: { name: created.name, slug: created.slug },
      });
      await transaction.members.add({
        workspaceId: created.id,
        userId: user.userId,
        role: 'owner',
        actor,
      });
      return created;
    });
    return context.json(toWorkspaceJson(workspace, 'owner'), 201);
  });

  app.openapi(getWorkspace, async (context) => {
    const { id } = context.req.valid('param');
    const standing = await resolveWorkspaceRole(store, context.var.principal, id);
    if (standing.kind === 'agent') requireUser(context.var.principal, 'read workspace settings');
    const workspace = await store.workspaces.get(id);
    if (workspace === undefined) throw notFoundError('workspace', id);
    return context.json(
      toWorkspaceJson(workspace, standing.kind === 'user' ? standing.role : undefined),
      200,
    );
  });

  app.openapi(updateWorkspace, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    const standing = await resolveWorkspaceRole(store, principal, id);
    const user = requireUser(principal, 'change workspaces');
    if (standing.kind === 'user')
      assertRole(standing.role, ABILITY_ROLES.manageSettings, 'change workspace settings');
    const body = context.req.valid('json');
    assertSignerLines(body.settings);
    if (body.settings?.mcpServers != null) {
      await assertMcpServersAllowed(body.settings.mcpServers, mcpSourcePolicy);
    }
    const settings =
      body.settings === undefined
        ? undefined
        : {
            ...(body.settings.skillsEnabled === undefined
              ? {}
              : { skillsEnabled: body.settings.skillsEnabled }),
            ...(body.settings.integrations === undefined
              ? {}
              : { integrations: body.settings.integrations ?? undefined }),
            ...(body.settings.catalogBudget === undefined
              ? {}
              : { catalogBudget: body.settings.catalogBudget ?? undefined }),
            ...(body.settings.contentRisks === undefined
              ? {}
              : { contentRisks: body.settings.contentRisks }),
            ...(body.settings.requireSigned === undefined
              ? {}
              : { requireSigned: body.settings.requireSigned }),
            ...(body.settings.trustedSigners === undefined
              ? {}
              : { trustedSigners: body.settings.trustedSigners }),
            ...(body.settings.revokedSigners === undefined
              ? {}
              : { revokedSigners: body.settings.revokedSigners }),
            ...(body.settings.mcpServers === undefined
              ? {}
              : { mcpServers: body.settings.mcpServers ?? undefined }),
            ...(body.settings.blockRecallDrop === undefined
              ? {}
              : { blockRecallDrop: body.settings.blockRecallDrop }),
            ...(body.settings.review === undefined
              ? {}
              : {
                  review: body.settings.review === 'required' ? ('required' as const) : undefined,
                }),
          };
    if (body.settings?.review === 'required') await assertTwoReviewers(store, id);
    const workspace = await store.transaction(async (transaction) => {
      const updated = await transaction.workspaces.update(id, {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(settings === undefined ? {} : { settings }),
      });
      if (updated === undefined) throw notFoundError('workspace', id);
      await transaction.audit.append({
        workspaceId: id,
        actor: actorOf(user),
        action: 'workspace.update',
        target: { kind: 'workspace', id },
        details: redactMcpHeaders(body),
      });
      return updated;
    });
    return context.json(
      toWorkspaceJson(workspace, standing.kind === 'user' ? standing.role : undefined),
      200,
    );
  });

  app.openapi(deleteWorkspace, async (context) => {
    const { id } = context.req.valid('param');
    const principal = context.var.principal;
    const standing = await resolveWorkspaceRole(store, principal, id);
    const user = requireUser(principal, 'delete workspaces');
    if (standing.kind === 'user')
      assertRole(standing.role, ABILITY_ROLES.deleteWorkspace, 'delete the workspace');
    await store.transaction(async (transaction) => {
      const workspace = await transaction.workspaces.get(id);
      if (workspace === undefined || !(await transaction.workspaces.delete(id))) {
        throw notFoundError('workspace', id);
      }
      // The workspace's own entries stay (decision 0061); this one is at instance level.
      await transaction.audit.append({
        workspaceId: null,
        actor: actorOf(user),
        action: 'workspace.delete',
        target: { kind: 'workspace', id },
        details: { name: workspace.name, slug: workspace.slug },
      });
    });
    return context.body(null, 204);
  });
}

/** The update as the audit trail keeps it: MCP server header values (tokens) replaced by a mark. */
function redactMcpHeaders<Body extends { settings?: { mcpServers?: unknown } }>(body: Body): Body {
  const servers = body.settings?.mcpServers;
  if (servers === null || servers === undefined || typeof servers !== 'object') return body;
  const redacted = Object.fromEntries(
    Object.entries(servers as Record<string, { headers?: Record<string, string> }>).map(
      ([label, server]) => [
        label,
        server.headers === undefined
          ? server
          : {
              ...server,
              headers: Object.fromEntries(
                Object.keys(server.headers).map((name) => [name, '(redacted)']),
              ),
            },
      ],
    ),
  );
  return { ...body, settings: { ...body.settings, mcpServers: redacted } };
}

/** Review needs a second person: refuses `review: required` with fewer than two who may publish. */
async function assertTwoReviewers(store: Store, workspaceId: string): Promise<void> {
  const members = await store.members.list(workspaceId);
  const reviewers = members.filter(
    (member) => member.role === 'owner' || member.role === 'admin' || member.canReview,
  );
  if (reviewers.length >= 2) return;
  throw new SkillsetError<ServerErrorCode>({
    code: 'review_needs_reviewers',
    message: `Review needs at least two people who may publish, so that each one's changes have someone else to review them; this workspace has ${reviewers.length}. Make another member an admin or give them the reviewer grant first.`,
  });
}
