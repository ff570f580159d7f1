import { z } from '@hono/zod-openapi';
import type { AcceptInvitationResult, InvitationInfo, StoredWorkspace } from '@skillset/store';
import { workspaceRoleSchema } from './workspace-schemas.ts';

/** The kinds of invitation: mailed to and bound to its address, or an open link to pass on. */
export const invitationKindSchema = z.enum(['email', 'open_link']).openapi('InvitationKind', {
  description:
    '`email`: mailed to the address only, and only the account that proved that address accepts it; `open_link`: a one-time link an admin passes on, and whoever holds it may accept it',
});

/** An invitation as the API returns it: never its code. */
export const invitationSchema = z
  .object({
    id: z.string(),
    workspaceId: z.string(),
    email: z.string(),
    role: workspaceRoleSchema,
    kind: invitationKindSchema,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invitedBy: z.string().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    acceptedAt: z.string().nullable(),
    revokedAt: z.string().nullable(),
  })
  .openapi('Invitation');

/** The body of `POST /api/workspaces/{id}/invitations`. */
export const createInvitationSchema = z.strictObject({
  email: z.string().trim().email().max(320),
  role: workspaceRoleSchema,
  kind: invitationKindSchema.optional().openapi({
    description:
      '`email` (the default) mails the link to the address and never shows it; only the account that proved the address (or a new account, which the link proves) accepts it. `open_link` returns a one-time link to pass on, which whoever holds it may accept.',
  }),
  expiresInDays: z
    .number()
    .int()
    .min(1)
    .max(30)
    .optional()
    .openapi({ description: 'How long the link stays valid (default 7 days)' }),
});

/** The answer to a new invitation: the same whether or not the address has an account. */
export const createdInvitationSchema = z
  .object({
    invitation: invitationSchema,
    url: z
      .string()
      .optional()
      .openapi({ description: 'The one-time link to pass on (kind `open_link` only)' }),
    code: z
      .string()
      .optional()
      .openapi({ description: 'The code in the link, shown only now (kind `open_link` only)' }),
  })
  .openapi('CreatedInvitation');

/** `?includeClosed=true` also lists accepted, revoked and expired invitations. */
export const listInvitationsQuerySchema = z.object({
  includeClosed: z
    .enum(['true', 'false'])
    .optional()
    .openapi({ param: { name: 'includeClosed', in: 'query' } }),
});

/** The path of one invitation of a workspace. */
export const invitationParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
  invitationId: z
    .string()
    .min(1)
    .openapi({ param: { name: 'invitationId', in: 'path' } }),
});

/** The path of an invitation link's code. */
export const invitationCodeParamsSchema = z.object({
  code: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'code', in: 'path' } }),
});

/** What an invitation link opens: the workspace, the role and where the invitation stands. */
export const invitationPreviewSchema = z
  .object({
    workspace: z.object({ id: z.string(), name: z.string() }),
    email: z.string(),
    role: workspaceRoleSchema,
    kind: invitationKindSchema,
    status: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    expiresAt: z.string(),
  })
  .openapi('InvitationPreview');

/** The body of `POST /api/invitations/{code}/accept`. */
export const acceptInvitationSchema = z.strictObject({
  displayName: z.string().trim().min(1).max(100).optional().openapi({
    description: 'The new account’s name (required unless a user is signed in)',
  }),
});

/** Who joined, in which workspace, with which role. */
export const acceptedInvitationSchema = z
  .object({
    workspace: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
    role: workspaceRoleSchema,
    user: z.object({
      id: z.string(),
      name: z.string(),
      email: z.string().nullable(),
      emailVerified: z.boolean(),
    }),
  })
  .openapi('AcceptedInvitation');

/** An invitation for the caller's verified address, with its workspace's name. */
export const myInvitationSchema = z
  .object({
    id: z.string(),
    workspace: z.object({ id: z.string(), name: z.string() }),
    role: workspaceRoleSchema,
    expiresAt: z.string(),
  })
  .openapi('MyInvitation');

/** The path of one invitation for the caller. */
export const myInvitationParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** Serialises an invitation. */
export function toInvitationJson(invitation: InvitationInfo): z.infer<typeof invitationSchema> {
  return {
    id: invitation.id,
    workspaceId: invitation.workspaceId,
    email: invitation.email,
    role: invitation.role,
    kind: invitation.kind,
    status: invitation.status,
    invitedBy: invitation.invitedBy,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
    acceptedAt: invitation.acceptedAt?.toISOString() ?? null,
    revokedAt: invitation.revokedAt?.toISOString() ?? null,
  };
}

/** Serialises who joined which workspace with which role. */
export function toAcceptedInvitationJson(
  accepted: AcceptInvitationResult,
  workspace: StoredWorkspace,
): z.infer<typeof acceptedInvitationSchema> {
  return {
    workspace: { id: workspace.id, name: workspace.name, slug: workspace.slug },
    role: accepted.role,
    user: {
      id: accepted.user.id,
      name: accepted.user.name,
      email: accepted.user.email,
      emailVerified: accepted.user.emailVerifiedAt !== null,
    },
  };
}
