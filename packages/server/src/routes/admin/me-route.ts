import { createRoute, z } from '@hono/zod-openapi';
import type { Store } from '@skillset/store';
import type { ApiApp } from '../../app/api-app.ts';
import type { AppDependencies } from '../../app/app-dependencies.ts';
import { assertManageRole } from '../../auth/assert-manage-role.ts';
import { notFoundError } from '../../auth/not-found-error.ts';
import { passesGuard } from '../../auth/passes-guard.ts';
import { type AgentPrincipal, requireUser, type UserPrincipal } from '../../auth/require-role.ts';
import { resolveWorkspaceRole } from '../../auth/resolve-workspace-role.ts';
import {
  ABILITY_ROLES,
  abilitiesOf,
  assignableRoles,
  type WorkspaceAbility,
} from '../../auth/workspace-abilities.ts';
import { errorResponses } from '../../http/error-responses.ts';
import type { IdentityServices } from '../../identity/identity-services.ts';
import { agentSchema, toAgentJson } from './agent-schemas.ts';
import { jsonBody, jsonResponse } from './json-body.ts';
import { toWorkspaceJson, workspaceRoleSchema, workspaceSchema } from './workspace-schemas.ts';

const abilityShape = Object.fromEntries(
  Object.keys(ABILITY_ROLES).map((ability) => [ability, z.boolean()]),
) as Record<WorkspaceAbility, z.ZodBoolean>;

const canSchema = z
  .object({
    ...abilityShape,
    inviteRoles: z.array(workspaceRoleSchema).openapi({
      description: 'The roles I may invite someone as, strongest first (empty: none)',
    }),
  })
  .openapi('WorkspaceAbilities', {
    description:
      'What I may do in the current workspace, decided by the rules the server enforces: show only these actions',
  });

const meSchema = z
  .object({
    principal: z.object({
      kind: z.enum(['user', 'agent']),
      id: z.string(),
      tokenId: z.string().optional().openapi({ description: 'The bearer token used, if any' }),
      sessionId: z
        .string()
        .optional()
        .openapi({ description: 'The web session used (session cookie), if any' }),
      workspaceId: z.string().openapi({ description: 'The workspace this request acts in' }),
      role: workspaceRoleSchema.optional(),
      instanceAdmin: z
        .boolean()
        .openapi({ description: 'May install public skills (always false for agents)' }),
    }),
    user: z
      .object({
        id: z.string(),
        name: z.string(),
        email: z.string().nullable(),
        emailVerified: z.boolean(),
        defaultWorkspaceId: z.string().nullable().openapi({
          description:
            'The workspace of requests that name none, as I chose it (null: the first I joined)',
        }),
        signInMethods: z.array(z.enum(['email', 'sso'])).openapi({
          description:
            'How I can sign in again by myself: `email` (a link to my verified address), `sso`; empty: only a link from an admin or the server’s operator',
        }),
      })
      .optional(),
    agent: agentSchema.optional(),
    workspaces: z.array(workspaceSchema),
    can: canSchema,
  })
  .openapi('Me');

const updateMeSchema = z.strictObject({
  defaultWorkspaceId: z.string().min(1).openapi({
    description: 'The workspace (id or slug) of my requests that name none; one I belong to',
  }),
});

const updateMe = createRoute({
  method: 'patch',
  path: '/api/me',
  tags: ['me'],
  summary: 'Choose my default workspace (only I can change it)',
  request: { body: jsonBody(updateMeSchema) },
  responses: { 200: jsonResponse(meSchema, 'The caller'), ...errorResponses(400, 403, 404, 413) },
});

const getMe = createRoute({
  method: 'get',
  path: '/api/me',
  tags: ['me'],
  summary:
    'Who the token or session belongs to, the current workspace and every workspace with my role',
  responses: { 200: jsonResponse(meSchema, 'The caller'), ...errorResponses() },
});

async function describeUser(
  store: Store,
  identity: IdentityServices | undefined,
  principal: UserPrincipal,
) {
  const [user, memberships, token, identities] = await Promise.all([
    store.users.get(principal.userId),
    store.workspaces.listForUser(principal.userId),
    principal.tokenId === undefined ? undefined : store.tokens.get(principal.tokenId),
    store.identities.listForUser(principal.userId),
  ]);
  if (user === undefined) throw notFoundError('user', principal.userId);
  const visible = memberships.filter(
    (membership) => token?.workspaceId == null || token.workspaceId === membership.workspace.id,
  );
  const emailVerified = user.emailVerifiedAt !== null;
  const signInMethods: ('email' | 'sso')[] = [];
  if (emailVerified && identity?.mailer !== undefined) signInMethods.push('email');
  if (identity?.sso !== undefined && identities.length > 0) signInMethods.push('sso');
  return {
    principal: {
      kind: 'user' as const,
      id: principal.userId,
      ...(principal.tokenId === undefined ? {} : { tokenId: principal.tokenId }),
      ...(principal.sessionId === undefined ? {} : { sessionId: principal.sessionId }),
      workspaceId: principal.workspaceId,
      role: principal.role,
      instanceAdmin: principal.instanceAdmin,
    },
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified,
      defaultWorkspaceId: user.defaultWorkspaceId,
      signInMethods,
    },
    workspaces: visible.map((membership) => toWorkspaceJson(membership.workspace, membership.role)),
    can: { ...abilitiesOf(principal.role), inviteRoles: assignableRoles(principal.role) },
  };
}

/** An agent's abilities: it may edit skills when its role (and its user's) lets it, nothing else. */
async function agentAbilities(store: Store, principal: AgentPrincipal) {
  const editSkills = await passesGuard(() =>
    assertManageRole({ store, principal, scope: 'workspace' }),
  );
  return { ...abilitiesOf(undefined), editSkills, inviteRoles: [] };
}

/** Registers `GET /api/me` and `PATCH /api/me`. */
export function registerMeRoute(app: ApiApp, { store, identity }: AppDependencies) {
  app.openapi(getMe, async (context) => {
    const principal = context.var.principal;
    if (principal.kind === 'agent') {
      const [agent, workspace] = await Promise.all([
        store.agents.get(principal.workspaceId, principal.agentId),
        store.workspaces.get(principal.workspaceId),
      ]);
      if (agent === undefined) throw notFoundError('agent', principal.agentId);
      return context.json(
        {
          principal: {
            kind: 'agent' as const,
            id: principal.agentId,
            tokenId: principal.tokenId,
            workspaceId: principal.workspaceId,
            instanceAdmin: false,
          },
          agent: toAgentJson(agent),
          workspaces: workspace === undefined ? [] : [toWorkspaceJson(workspace)],
          can: await agentAbilities(store, principal),
        },
        200,
      );
    }
    return context.json(await describeUser(store, identity, principal), 200);
  });

  app.openapi(updateMe, async (context) => {
    const user = requireUser(context.var.principal, 'choose a default workspace');
    const { defaultWorkspaceId } = context.req.valid('json');
    const workspace =
      (await store.workspaces.get(defaultWorkspaceId)) ??
      (await store.workspaces.getBySlug(defaultWorkspaceId));
    if (workspace === undefined) throw notFoundError('workspace', defaultWorkspaceId);
    const standing = await resolveWorkspaceRole(store, user, workspace.id);
    if (standing.kind !== 'user') throw new TypeError('a user has a user standing');
    await store.users.setDefaultWorkspace(user.userId, workspace.id);
    // The answer describes the caller as their next request without a header will be.
    const next = { ...user, workspaceId: workspace.id, role: standing.role };
    return context.json(await describeUser(store, identity, next), 200);
  });
}
