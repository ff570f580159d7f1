import { createRoute, z } from '@hono/zod-openapi';
import type { Store, WorkspaceRole } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import type { RequestPrincipal } from '../../app/app-env.ts';
import { actorOf } from '../../auth/actor-of.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { assertRole, requireUser, type UserPrincipal } from '../../auth/require-role.ts';
import { resolveWorkspaceRole } from '../../auth/resolve-workspace-role.ts';
import {
  ABILITY_ROLES,
  roleNeededToAssign,
  roleNeededToRemove,
} from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { linkOrigin } from '../../identity/identity-services.ts';
import { issueMemberSignInLink } from '../../identity/issue-member-sign-in-link.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import {
  memberParamsSchema,
  memberSchema,
  memberSignInLinkResultSchema,
  memberSignInLinkSchema,
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

const memberSignInLink = createRoute({
  method: 'post',
  path: '/api/workspaces/{id}/members/{userId}/sign-in-link',
  tags,
  summary:
    'A one-time sign-in link for a member (admin): mailed to their own address (valid 1 hour), or returned to pass on (valid 15 minutes; only for a member of this workspace alone whose role is weaker than yours, checked again when the link is used)',
  request: { params: memberParamsSchema, body: jsonBody(memberSignInLinkSchema) },
  responses: {
    201: jsonResponse(memberSignInLinkResultSchema, 'The link was mailed, or here it is'),
    ...errorResponses(400, 403, 404, 413, 503),
  },
});

const updateMember = createRoute({
  method: 'patch',
  path: '/api/workspaces/{id}/members/{userId}',
  tags,
  summary: 'Change a member’s role or reviewer grant (admin; owner to grant or take away owner)',
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

/** Registers list, change role, sign-in link and remove of workspace members (they join by invitation). */
export function registerMemberRoutes(app: ApiApp, { store, identity }: AppDependencies) {
  app.openapi(listMembers, async (context) => {
    const { id } = context.req.valid('param');
    const { user, role } = await callerRole(store, context.var.principal, id, 'list members');
    const members = await store.members.list(id);
    const caller = { userId: user.userId, role };
    return context.json({ members: members.map((member) => toMemberJson(member, caller)) }, 200);
  });

  app.openapi(memberSignInLink, async (context) => {
    const { id, userId } = context.req.valid('param');
    const { user, role } = await callerRole(
      store,
      context.var.principal,
      id,
      'issue sign-in links',
    );
    assertRole(role, ABILITY_ROLES.managePeople, 'issue sign-in links for members');
    const { delivery } = context.req.valid('json');
    const member = await findMember(store, id, userId);
    const link = await issueMemberSignInLink({
      store,
      identity,
      origin: linkOrigin(context, identity),
      workspaceId: id,
      caller: { userId: user.userId, role },
      member,
      delivery,
    });
    await store.audit.append({
      workspaceId: id,
      actor: actorOf(user),
      action: 'member.sign_in_link',
      target: { kind: 'user', id: userId },
      details: { delivery },
    });
    return context.json(
      {
        delivery,
        ...(link.url === undefined ? {} : { url: link.url }),
        expiresAt: link.expiresAt.toISOString(),
      },
      201,
    );
  });

  app.openapi(updateMember, async (context) => {
    const { id, userId } = context.req.valid('param');
    const { user, role } = await callerRole(store, context.var.principal, id, 'change roles');
    const body = context.req.valid('json');
    const member = await findMember(store, id, userId);
    if (body.role !== undefined) {
      assertRole(
        role,
        roleNeededToAssign(member.role, body.role),
        `change ${member.role} to ${body.role}`,
      );
      await store.members.setRole({
        workspaceId: id,
        userId,
        role: body.role,
        actor: actorOf(user),
      });
    }
    if (body.reviewer !== undefined) {
      assertRole(role, ABILITY_ROLES.managePeople, 'give or take the reviewer grant');
      await store.members.setReviewer({
        workspaceId: id,
        userId,
        canReview: body.reviewer,
        actor: actorOf(user),
      });
    }
    const caller = { userId: user.userId, role };
    return context.json(toMemberJson(await findMember(store, id, userId), caller), 200);
  });

  app.openapi(removeMember, async (context) => {
    const { id, userId } = context.req.valid('param');
    const { user, role } = await callerRole(store, context.var.principal, id, 'remove members');
    const member = await findMember(store, id, userId);
    if (userId !== user.userId) {
      assertRole(role, roleNeededToRemove(member.role), `remove a ${member.role}`);
    }
    if (!(await store.members.remove({ workspaceId: id, userId, actor: actorOf(user) }))) {
      throw notFoundError('member', userId);
    }
    return context.body(null, 204);
  });
}
