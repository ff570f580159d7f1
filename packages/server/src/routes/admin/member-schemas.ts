import { z } from '@hono/zod-openapi';
import { hasRole, type WorkspaceMember, type WorkspaceRole } from '@skillset/store';
import {
  ABILITY_ROLES,
  assignableRoles,
  roleNeededToRemove,
} from '../../auth/workspace-abilities.ts';
import { workspaceRoleSchema } from './workspace-schemas.ts';

/** A member of a workspace as the API returns it. */
export const memberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    emailVerified: z
      .boolean()
      .openapi({ description: 'The member proved the address (a mailed link or single sign-on)' }),
    role: workspaceRoleSchema,
    reviewer: z.boolean().openapi({
      description:
        "May publish others' proposals: admins and owners always, members with the grant",
    }),
    createdAt: z.string(),
    can: z
      .object({
        changeRoleTo: z.array(workspaceRoleSchema).openapi({
          description: 'The roles I may give this member, strongest first (empty: none)',
        }),
        changeReviewer: z.boolean().openapi({ description: 'Give or take the reviewer grant' }),
        remove: z.boolean(),
      })
      .openapi({ description: 'What I may do to this member, by the rules the server enforces' }),
  })
  .openapi('Member');

/** The body of `POST /api/workspaces/{id}/members/{userId}/sign-in-link`. */
export const memberSignInLinkSchema = z.strictObject({
  delivery: z.enum(['email', 'link']).openapi({
    description:
      '`email`: mail the link to the member’s own address (proves it; 1 hour); `link`: return it to pass on (15 minutes)',
  }),
});

/** The answer to a member sign-in link: the link itself only when it is to be passed on. */
export const memberSignInLinkResultSchema = z
  .object({
    delivery: z.enum(['email', 'link']),
    url: z.string().optional().openapi({ description: 'The one-time link (delivery `link` only)' }),
    expiresAt: z.string().openapi({ description: 'When the link stops working' }),
  })
  .openapi('MemberSignInLink');

/** The body of `PATCH /api/workspaces/{id}/members/{userId}`. */
export const updateMemberSchema = z
  .strictObject({
    role: workspaceRoleSchema.optional(),
    reviewer: z.boolean().optional().openapi({
      description: "Give (true) or take (false) a member's right to publish others' proposals",
    }),
  })
  .refine((body) => body.role !== undefined || body.reviewer !== undefined, {
    message: 'Send a role, reviewer, or both.',
  });

/** The path of one member. */
export const memberParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .openapi({ param: { name: 'id', in: 'path' } }),
  userId: z
    .string()
    .min(1)
    .openapi({ param: { name: 'userId', in: 'path' } }),
});

/** Serialises a member, with what `caller` may do to them. */
export function toMemberJson(
  member: WorkspaceMember,
  caller: { userId: string; role: WorkspaceRole },
): z.infer<typeof memberSchema> {
  return {
    userId: member.user.id,
    name: member.user.name,
    email: member.user.email,
    emailVerified: member.user.emailVerifiedAt !== null,
    role: member.role,
    reviewer: member.role === 'owner' || member.role === 'admin' || member.canReview,
    createdAt: member.createdAt.toISOString(),
    can: {
      changeRoleTo: assignableRoles(caller.role, member.role),
      changeReviewer: hasRole(caller.role, ABILITY_ROLES.managePeople),
      remove:
        member.user.id === caller.userId || hasRole(caller.role, roleNeededToRemove(member.role)),
    },
  };
}
