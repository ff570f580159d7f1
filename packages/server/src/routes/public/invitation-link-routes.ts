import { createRoute } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { acceptInvitation } from '../../auth/accept-invitation.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { jsonErrorResponse } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import {
  acceptedInvitationSchema,
  acceptInvitationSchema,
  invitationCodeParamsSchema,
  invitationPreviewSchema,
  toAcceptedInvitationJson,
} from '../admin/invitation-schemas.ts';
import { jsonBody, jsonResponse } from '../admin/json-body.ts';

const tags = ['invitations'];
const previewInvitation = createRoute({
  method: 'get',
  path: '/api/invitations/{code}',
  tags,
  summary: 'What an invitation link opens: the workspace, the role and its status',
  security: [],
  request: { params: invitationCodeParamsSchema },
  responses: {
    200: jsonResponse(invitationPreviewSchema, 'The invitation'),
    400: jsonErrorResponse('Invalid request'),
    404: jsonErrorResponse('Unknown code (code_not_found)'),
  },
});

const acceptInvitationRoute = createRoute({
  method: 'post',
  path: '/api/invitations/{code}/accept',
  tags,
  summary:
    'Accept an invitation: a signed-in user joins as themselves (a mailed invitation only when that account proved its address, else 403 invitation_not_yours); otherwise a mailed invitation signs in the account that proved the address, or a new account with this display name joins (verified when the link was mailed) and is signed in (session cookie)',
  security: [],
  request: { params: invitationCodeParamsSchema, body: jsonBody(acceptInvitationSchema) },
  responses: {
    200: jsonResponse(acceptedInvitationSchema, 'Joined'),
    400: jsonErrorResponse('Invalid request or no display name'),
    403: jsonErrorResponse(
      'A foreign Origin (origin_not_allowed), or a mailed invitation and a signed-in account that has not proven its address (invitation_not_yours)',
    ),
    404: jsonErrorResponse('Unknown code (code_not_found)'),
    410: jsonErrorResponse('Accepted, revoked or expired (code_used, code_revoked, code_expired)'),
    413: jsonErrorResponse('The request body is too large'),
  },
});

/** Registers the public routes an invitation link uses; they run before authentication. */
export function registerInvitationLinkRoutes(app: ApiApp, { store }: AppDependencies) {
  app.openapi(previewInvitation, async (context) => {
    const { code } = context.req.valid('param');
    const invitation = await store.invitations.findByCode(code);
    const workspace =
      invitation === undefined ? undefined : await store.workspaces.get(invitation.workspaceId);
    if (invitation === undefined || workspace === undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'code_not_found',
        message: 'This invitation link is not valid; ask a workspace admin for a new invitation.',
      });
    }
    return context.json(
      {
        workspace: { id: workspace.id, name: workspace.name },
        email: invitation.email,
        role: invitation.role,
        kind: invitation.kind,
        status: invitation.status,
        expiresAt: invitation.expiresAt.toISOString(),
      },
      200,
    );
  });

  app.openapi(acceptInvitationRoute, async (context) => {
    const { code } = context.req.valid('param');
    const { displayName } = context.req.valid('json');
    const accepted = await acceptInvitation({
      store,
      context,
      code,
      ...(displayName === undefined ? {} : { displayName }),
    });
    const workspace = await store.workspaces.get(accepted.invitation.workspaceId);
    if (workspace === undefined) throw notFoundError('workspace', accepted.invitation.workspaceId);
    return context.json(toAcceptedInvitationJson(accepted, workspace), 200);
  });
}
