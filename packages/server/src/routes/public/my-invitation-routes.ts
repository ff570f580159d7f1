import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { findSignedInUser } from '../../auth/find-signed-in-user.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import {
  acceptedInvitationSchema,
  myInvitationParamsSchema,
  myInvitationSchema,
  toAcceptedInvitationJson,
} from '../admin/invitation-schemas.ts';
import { jsonResponse } from '../admin/json-body.ts';

const tags = ['invitations'];

const listMine = createRoute({
  method: 'get',
  path: '/api/me/invitations',
  tags,
  summary:
    'Pending invitations for my verified address, in every workspace (none while the address is unverified)',
  responses: {
    200: jsonResponse(z.object({ invitations: z.array(myInvitationSchema) }), 'Invitations'),
    ...errorResponses(),
  },
});

const acceptMine = createRoute({
  method: 'post',
  path: '/api/me/invitations/{id}/accept',
  tags,
  summary: 'Accept an invitation for my verified address without its link',
  request: { params: myInvitationParamsSchema },
  responses: {
    200: jsonResponse(acceptedInvitationSchema, 'Joined'),
    ...errorResponses(403, 404, 410),
  },
});

function signInFirst(): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'unauthorized',
    message: 'Sign in to see the invitations for your address.',
  });
}

/**
 * Registers the invitations addressed to the caller's verified address; they run before the
 * workspace is resolved, so a user who belongs to no workspace yet can join one.
 */
export function registerMyInvitationRoutes(app: ApiApp, { store }: AppDependencies) {
  app.openapi(listMine, async (context) => {
    const signedIn = await findSignedInUser(store, context);
    if (signedIn === undefined) throw signInFirst();
    const user = await store.users.get(signedIn.userId);
    if (user?.email == null || user.emailVerifiedAt === null) {
      return context.json({ invitations: [] }, 200);
    }
    const pending = await store.invitations.listPendingForEmail(user.email);
    const invitations = [];
    for (const invitation of pending) {
      const workspace = await store.workspaces.get(invitation.workspaceId);
      if (workspace === undefined) continue;
      invitations.push({
        id: invitation.id,
        workspace: { id: workspace.id, name: workspace.name },
        role: invitation.role,
        expiresAt: invitation.expiresAt.toISOString(),
      });
    }
    return context.json({ invitations }, 200);
  });

  app.openapi(acceptMine, async (context) => {
    const { id } = context.req.valid('param');
    const signedIn = await findSignedInUser(store, context);
    if (signedIn === undefined) throw signInFirst();
    const accepted = await store.invitations.acceptAsVerified({
      invitationId: id,
      userId: signedIn.userId,
    });
    const workspace = await store.workspaces.get(accepted.invitation.workspaceId);
    if (workspace === undefined) throw notFoundError('workspace', accepted.invitation.workspaceId);
    return context.json(toAcceptedInvitationJson(accepted, workspace), 200);
  });
}
