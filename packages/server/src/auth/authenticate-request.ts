import { SkillsetError } from '@skillset/core';
import type { Store, WorkspaceRole } from '@skillset/store';
import { createMiddleware } from 'hono/factory';
import type { AppEnv, RequestPrincipal } from '../app/app-env.ts';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { readBearerToken } from './read-bearer-token.ts';
import { readSessionCookie } from './session-cookie.ts';

/** The header (or `?workspace=` query parameter) that picks a user's workspace by id or slug. */
export const WORKSPACE_HEADER = 'skillset-workspace';

function unauthorized(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'unauthorized', message });
}

function noWorkspace(): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'no_workspace',
    message:
      'You belong to no workspace yet; accept an invitation (GET /api/me/invitations lists those for your verified address).',
  });
}

function workspaceNotFound(): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({
    code: 'not_found',
    message: 'Workspace not found; pass the id or slug of a workspace you belong to.',
  });
}

async function resolveWorkspaceId(store: Store, requested: string): Promise<string | undefined> {
  const byId = await store.workspaces.get(requested);
  if (byId !== undefined) return byId.id;
  return (await store.workspaces.getBySlug(requested))?.id;
}

async function authenticateSession(
  store: Store,
  secret: string,
  requested: string | undefined,
): Promise<RequestPrincipal> {
  const session = await store.sessions.authenticate(secret);
  if (session === undefined) {
    throw unauthorized('Your session ended or expired; open a new sign-in link.');
  }
  let workspaceId: string | undefined;
  let role: WorkspaceRole | undefined;
  if (requested !== undefined) {
    workspaceId = await resolveWorkspaceId(store, requested);
    role =
      workspaceId === undefined
        ? undefined
        : await store.members.getRole(workspaceId, session.userId);
  } else {
    const chosen = await store.workspaces.defaultForUser(session.userId);
    workspaceId = chosen?.workspace.id;
    role = chosen?.role;
  }
  if (workspaceId === undefined || role === undefined) {
    throw requested === undefined ? noWorkspace() : workspaceNotFound();
  }
  return {
    kind: 'user',
    sessionId: session.sessionId,
    userId: session.userId,
    workspaceId,
    role,
    instanceAdmin: session.instanceAdmin,
  };
}

/**
 * Authenticates every request with its bearer token or session cookie and picks its workspace:
 * an agent's own, else the one asked for, else the token's, else the user's default.
 */
export function authenticateRequest(store: Store) {
  return createMiddleware<AppEnv>(async (context, next) => {
    const requested = context.req.header(WORKSPACE_HEADER) ?? context.req.query('workspace');
    const token = readBearerToken(context);
    if (token === undefined) {
      const secret = readSessionCookie(context);
      if (secret === undefined) {
        throw unauthorized(
          'Sign in: send Authorization: Bearer <token>, or open a sign-in link (`skillset sign-in-link`).',
        );
      }
      context.set('principal', await authenticateSession(store, secret, requested));
      await next();
      return;
    }
    if (token === null) {
      throw unauthorized('Send the token as Authorization: Bearer <token>.');
    }
    const anyWorkspace = await store.tokens.authenticate(token);
    if (anyWorkspace === undefined) {
      throw unauthorized('The token is unknown, revoked or expired; sign in with a valid token.');
    }
    const requestedId =
      requested === undefined ? undefined : await resolveWorkspaceId(store, requested);
    if (requested !== undefined && requestedId === undefined) throw workspaceNotFound();
    const found =
      requestedId === undefined
        ? anyWorkspace
        : await store.tokens.authenticate(token, { workspaceId: requestedId });
    if (found === undefined) throw workspaceNotFound();
    let principal: RequestPrincipal;
    if (found.kind === 'agent') {
      if (requestedId !== undefined && requestedId !== found.workspaceId) throw workspaceNotFound();
      principal = {
        kind: 'agent',
        tokenId: found.tokenId,
        agentId: found.agentId,
        workspaceId: found.workspaceId,
        ...(found.actsForUserId === undefined ? {} : { actsForUserId: found.actsForUserId }),
      };
    } else {
      let { workspaceId, role } = found;
      if (workspaceId === undefined) {
        const chosen = await store.workspaces.defaultForUser(found.userId);
        workspaceId = chosen?.workspace.id;
        role = chosen?.role;
      }
      if (workspaceId === undefined || role === undefined) {
        throw requestedId === undefined && found.workspaceId === undefined
          ? noWorkspace()
          : workspaceNotFound();
      }
      principal = {
        kind: 'user',
        tokenId: found.tokenId,
        userId: found.userId,
        workspaceId,
        role,
        instanceAdmin: found.instanceAdmin,
      };
    }
    context.set('principal', principal);
    await next();
  });
}
