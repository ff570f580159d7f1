import { createRoute, z } from '@hono/zod-openapi';
import { SkillsetError } from '@skillset/core';
import type { Store, WorkspaceRole } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import type { RequestPrincipal } from '../../app/app-env.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { assertRole, requireUser, type UserPrincipal } from '../../auth/require-role.ts';
import { resolveWorkspaceRole } from '../../auth/resolve-workspace-role.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { ServerErrorCode } from '../../http/server-error-code.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import {
  addMemberSchema,
  memberParamsSchema,
  memberSchema,
  toMemberJson,
  updateMemberSchema,
} from './member-schemas.ts';
import { workspaceIdParamsSchema } from './workspace-schemas.ts';

const tags = ['members'];

const listMembers = createRoute({
  method: 'get',
  path: '/api/workspaces/{id}/members',
  tags,
  summary: 'The members of a workspace and their roles',
  request: { params: workspaceIdParamsSchema },
  responses: {
    200: jsonResponse(z.object({ members: z.array(memberSchema) }), 'Members'),
    ...errorResponses(403, 404),
  },
});

const addMember = createRoute({
  method: 'post',
  path: '/api/workspaces/{id}/members',
  tags,
  summary: 'Add an existing user by id or email with a role (admin; owner to add an owner)',
  request: { params: workspaceIdParamsSchema, body: jsonBody(addMemberSchema) },
  responses: {
    201: jsonResponse(memberSchema, 'The new member'),
    ...errorResponses(400, 403, 404, 409, 413),
  },
});

const updateMember = createRoute({
  method: 'patch',
  path: '/api/workspaces/{id}/members/{userId}',
  tags,
  summary: 'Change a member’s role (admin; owner to grant or take away owner)',
  request: { params: memberParamsSchema, body: jsonBody(updateMemberSchema) },
  responses: {
    200: jsonResponse(memberSchema, 'The member'),
    ...errorResponses(400, 403, 404, 409, 413),
  },
});

const removeMember = createRoute({
  method: 'delete',
  path: '/api/workspaces/{id}/members/{userId}',
  tags,
  summary: 'Remove a member, or leave (the last owner cannot)',
  request: { params: memberParamsSchema },
  responses: { 204: { description: 'Removed' }, ...errorResponses(403, 404, 409) },
});

async function callerRole(
  store: Store,
  principal: RequestPrincipal,
  workspaceId: string,
  what: string,
): Promise<{ user: UserPrincipal; role: WorkspaceRole }> {
  const standing = await resolveWorkspaceRole(store, principal, workspaceId);
  const user = requireUser(principal, what);
  if (standing.kind !== 'user') throw new TypeError('a user has a user standing');
  return { user, role: standing.role };
}

async function findMember(store: Store, workspaceId: string, userId: string) {
  const member = (await store.members.list(workspaceId)).find(
    (candidate) => candidate.user.id === userId,
  );
  if (member === undefined) throw notFoundError('member', userId);
  return member;
}

/** Registers list, add, change role and remove of workspace members. */
export function registerMemberRoutes(app: ApiApp, { store }: AppDependencies) {
  app.openapi(listMembers, async (context) => {
    const { id } = context.req.valid('param');
    await callerRole(store, context.var.principal, id, 'list members');
    const members = await store.members.list(id);
    return context.json({ members: members.map(toMemberJson) }, 200);
  });

  app.openapi(addMember, async (context) => {
    const { id } = context.req.valid('param');
    const { user, role } = await callerRole(store, context.var.principal, id, 'add members');
    const body = context.req.valid('json');
    assertRole(role, body.role === 'owner' ? 'owner' : 'admin', `add a member as ${body.role}`);
    const target =
      body.userId === undefined
        ? await store.users.getByEmail(body.email ?? '')
        : await store.users.get(body.userId);
    if (target === undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'user_not_found',
        message: `No user ${body.userId ?? body.email} on this instance; the user must exist before being added.`,
      });
    }
    if ((await store.members.getRole(id, target.id)) !== undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'member_exists',
        message: `User ${target.id} is already a member; change the role with PATCH /api/workspaces/${id}/members/${target.id}.`,
      });
    }
    await store.members.add({
      workspaceId: id,
      userId: target.id,
      role: body.role,
      actor: actorOf(user),
    });
    return context.json(toMemberJson(await findMember(store, id, target.id)), 201);
  });

  app.openapi(updateMember, async (context) => {
    const { id, userId } = context.req.valid('param');
    const { user, role } = await callerRole(store, context.var.principal, id, 'change roles');
    const body = context.req.valid('json');
    const member = await findMember(store, id, userId);
    const touchesOwner = member.role === 'owner' || body.role === 'owner';
    assertRole(role, touchesOwner ? 'owner' : 'admin', `change ${member.role} to ${body.role}`);
    await store.members.setRole({ workspaceId: id, userId, role: body.role, actor: actorOf(user) });
    return context.json(toMemberJson(await findMember(store, id, userId)), 200);
  });

  app.openapi(removeMember, async (context) => {
    const { id, userId } = context.req.valid('param');
    const { user, role } = await callerRole(store, context.var.principal, id, 'remove members');
    const member = await findMember(store, id, userId);
    if (userId !== user.userId) {
      assertRole(role, member.role === 'owner' ? 'owner' : 'admin', `remove a ${member.role}`);
    }
    if (!(await store.members.remove({ workspaceId: id, userId, actor: actorOf(user) }))) {
      throw notFoundError('member', userId);
    }
    return context.body(null, 204);
  });
}
