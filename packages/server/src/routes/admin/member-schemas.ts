import { z } from '@hono/zod-openapi';
import type { WorkspaceMember } from '@skillset/store';
import { workspaceRoleSchema } from './workspace-schemas.ts';

/** A member of a workspace as the API returns it. */
export const memberSchema = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    role: workspaceRoleSchema,
    createdAt: z.string(),
  })
  .openapi('Member');

/** The body of `POST /api/workspaces/{id}/members`: an existing user by id or by email. */
export const addMemberSchema = z
  .strictObject({
    userId: z.string().min(1).optional(),
    email: z.string().email().optional(),
    role: workspaceRoleSchema,
  })
  .refine((body) => (body.userId === undefined) !== (body.email === undefined), {
    message: 'give exactly one of userId and email',
  });

/** The body of `PATCH /api/workspaces/{id}/members/{userId}`. */
export const updateMemberSchema = z.strictObject({ role: workspaceRoleSchema });

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

/** Serialises a member. */
export function toMemberJson(member: WorkspaceMember): z.infer<typeof memberSchema> {
  return {
    userId: member.user.id,
    name: member.user.name,
    email: member.user.email,
    role: member.role,
    createdAt: member.createdAt.toISOString(),
  };
}
