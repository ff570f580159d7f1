import { createRoute, z } from '@hono/zod-openapi';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { assertRole, requireUser } from '../../auth/require-role.ts';
import { resolveWorkspaceRole } from '../../auth/resolve-workspace-role.ts';
import { ABILITY_ROLES, roleNeededToAssign } from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { invitationMail } from '../../identity/identity-mail.ts';
import { linkOrigin } from '../../identity/identity-services.ts';
import { mailNotConfigured } from '../../identity/mail-not-configured.ts';
import {
  createdInvitationSchema,
  createInvitationSchema,
  invitationParamsSchema,
  invitationSchema,
  listInvitationsQuerySchema,
  toInvitationJson,
} from './invitation-schemas.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import { workspaceIdParamsSchema } from './workspace-schemas.ts';

const tags = ['invitations'];
const DAY_MS = 24 * 60 * 60 * 1000;

const listInvitations = createRoute({
  method: 'get',
  path: '/api/workspaces/{id}/invitations',
  tags,
  summary: 'The pending invitations of a workspace (admin); includeClosed=true lists all',
  request: { params: workspaceIdParamsSchema, query: listInvitationsQuerySchema },
  responses: {
    200: jsonResponse(z.object({ invitations: z.array(invitationSchema) }), 'Invitations'),
    ...errorResponses(400, 403, 404),
  },
});

const createInvitation = createRoute({
  method: 'post',
  path: '/api/workspaces/{id}/invitations',
  tags,
  summary:
    'Invite someone by email with a role (admin; owner to invite an owner): a one-time link mailed to the address and bound to it (kind `email`, never shown), or an open link returned to pass on (kind `open_link`, whoever holds it may accept); the same answer whether or not the address has an account',
  request: { params: workspaceIdParamsSchema, body: jsonBody(createInvitationSchema) },
  responses: {
    201: jsonResponse(createdInvitationSchema, 'The invitation and its link, shown only now'),
    ...errorResponses(400, 403, 404, 413, 503),
  },
});

const revokeInvitation = createRoute({
  method: 'delete',
  path: '/api/workspaces/{id}/invitations/{invitationId}',
  tags,
  summary: 'Revoke a pending invitation (admin): its link stops working',
  request: { params: invitationParamsSchema },
  responses: { 204: { description: 'Revoked' }, ...errorResponses(403, 404) },
});

/** Registers list, create and revoke of a workspace's invitations. */
export function registerInvitationRoutes(app: ApiApp, { store, identity }: AppDependencies) {
  const adminOf = async (principal: Parameters<typeof actorOf>[0], id: string, what: string) => {
    const standing = await resolveWorkspaceRole(store, principal, id);
    const user = requireUser(principal, what);
    if (standing.kind !== 'user') throw new TypeError('a user has a user standing');
    return { user, role: standing.role };
  };

  app.openapi(listInvitations, async (context) => {
    const { id } = context.req.valid('param');
    const { role } = await adminOf(context.var.principal, id, 'list invitations');
    assertRole(role, ABILITY_ROLES.managePeople, 'list invitations');
    const includeClosed = context.req.valid('query').includeClosed === 'true';
    const invitations = await store.invitations.list(id, { includeClosed });
    return context.json({ invitations: invitations.map(toInvitationJson) }, 200);
  });

  app.openapi(createInvitation, async (context) => {
    const { id } = context.req.valid('param');
    const { user, role } = await adminOf(context.var.principal, id, 'invite people');
    const body = context.req.valid('json');
    assertRole(role, roleNeededToAssign(undefined, body.role), `invite someone as ${body.role}`);
    const mailer = identity?.mailer;
    const kind = body.kind ?? 'email';
    if (kind === 'email' && mailer === undefined) {
      throw mailNotConfigured(
        'mail invitations',
        'create an open link (kind "open_link") and pass it on yourself',
      );
    }
    const { code, invitation } = await store.invitations.create({
      workspaceId: id,
      email: body.email,
      role: body.role,
      kind,
      ...(body.expiresInDays === undefined ? {} : { ttlMs: body.expiresInDays * DAY_MS }),
      actor: actorOf(user),
    });
    const url = `${linkOrigin(context, identity)}/invite/${code}`;
    if (kind === 'open_link') {
      return context.json({ invitation: toInvitationJson(invitation), url, code }, 201);
    }
    const [workspace, inviter] = await Promise.all([
      store.workspaces.get(id),
      store.users.get(user.userId),
    ]);
    await mailer?.send(
      invitationMail({
        to: invitation.email,
        workspace: workspace?.name ?? id,
        role: invitation.role,
        invitedBy: inviter?.name,
        url,
        expiresAt: invitation.expiresAt,
      }),
    );
    return context.json({ invitation: toInvitationJson(invitation) }, 201);
  });

  app.openapi(revokeInvitation, async (context) => {
    const { id, invitationId } = context.req.valid('param');
    const { user, role } = await adminOf(context.var.principal, id, 'revoke invitations');
    assertRole(role, ABILITY_ROLES.managePeople, 'revoke invitations');
    const revoked = await store.invitations.revoke({
      workspaceId: id,
      id: invitationId,
      actor: actorOf(user),
    });
    if (!revoked) throw notFoundError('pending invitation', invitationId);
    return context.body(null, 204);
  });
}
