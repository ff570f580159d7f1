import {
  type AuthInfo,
  createMcpHandler,
  isLegacyRequest,
  WebStandardStreamableHTTPServerTransport,
} from '@modelcontextprotocol/server';
import { createSessionEventStore } from './session-event-store.ts';
import type { SkillsMcpAccess } from './skills-mcp-policy.ts';
import { SkillsMcpServer, type SkillsMcpServerOptions } from './skills-mcp-server.ts';
import type { SkillsMcpSkillUse } from './skills-mcp-skill-use.ts';
import { watchListChanges } from './watch-list-changes.ts';
import { whenBodyEnds } from './when-body-ends.ts';

/** The caller of one HTTP request, as the host's authentication established it. */
export interface SkillsMcpPrincipal {
  /** A stable key of the principal (e.g. `agent:<id>`): a session stays bound to the one that opened it. */
  id: string;
  /** The access of this principal now, a policy context or the host's gate (re-read on every request). */
  policy: SkillsMcpAccess;
}

/** Options for {@link createSkillsMcpHttpHandler}. */
export interface SkillsMcpHttpHandlerOptions
  extends Omit<SkillsMcpServerOptions, 'policy' | 'onSkillUse'> {
  /** Identifies the caller from the request (its bearer token); `undefined` answers 401. */
  authenticate(
    request: Request,
  ): SkillsMcpPrincipal | undefined | Promise<SkillsMcpPrincipal | undefined>;
  /**
   * Sessions one principal may hold open (default 32); one more replaces its least recently used
   * idle session, and is answered 429 only when every one is busy.
   */
  maxSessionsPerPrincipal?: number;
  /** A session unused this long is closed (default 30 minutes). */
  sessionIdleMs?: number;
  /** Hears of every attempt to use a skill, with the principal of the request that made it. */
  onSkillUse?: (use: SkillsMcpSkillUse, principal: SkillsMcpPrincipal) => void;
}

/** How long a client waits before reconnecting a dropped SSE stream (the `retry` of the priming event), in milliseconds. */
export const SSE_RETRY_MS = 2_000;

/**
 * Streamable HTTP for the skills MCP server on both protocol eras: 2026-07-28 requests are served
 * statelessly, each by a server built for its principal; 2025-era clients get a session each,
 * bound to the principal that opened it.
 */
export interface SkillsMcpHttpHandler {
  /** Answers one request to the MCP endpoint (`POST`, `GET` and `DELETE /mcp`). */
  handle(request: Request): Promise<Response>;
  /** How many sessions are open. */
  readonly sessionCount: number;
  /** Closes every session. */
  close(): Promise<void>;
}

interface Session {
  principalId: string;
  /** The principal of the latest request. */
  principal: SkillsMcpPrincipal;
  lastUsed: number;
  /** Responses of this session still being sent (an answer, an open event stream). */
  busy: number;
  policy: SkillsMcpAccess;
  server: SkillsMcpServer;
  transport: WebStandardStreamableHTTPServerTransport;
}

/**
 * Creates the Streamable HTTP handler of the skills MCP server (mount it at `/mcp`): the bearer
 * token selects the principal, whose policy decides every list and call. 2026-07-28 requests go
 * to the SDK's per-request handler (change notifications through `subscriptions/listen`); 2025-era
 * requests to sessions with priming events, `retry` and resumable streams.
 */
export function createSkillsMcpHttpHandler(
  options: SkillsMcpHttpHandlerOptions,
): SkillsMcpHttpHandler {
  const {
    authenticate,
    maxSessionsPerPrincipal = 32,
    sessionIdleMs = 30 * 60 * 1000,
    onSkillUse,
    ...serverOptions
  } = options;
  const sessions = new Map<string, Session>();
  const modern = createMcpHandler(
    ({ authInfo }) =>
      new SkillsMcpServer({
        ...serverOptions,
        policy: (authInfo?.extra?.[PRINCIPAL_KEY] as SkillsMcpPrincipal).policy,
        watch: false,
        ...(onSkillUse === undefined
          ? {}
          : {
              onSkillUse: (use) =>
                onSkillUse(use, authInfo?.extra?.[PRINCIPAL_KEY] as SkillsMcpPrincipal),
            }),
      }),
    { legacy: 'reject' },
  );
  const stopWatching = watchListChanges({
    registry: serverOptions.registry,
    notify: async () => {
      modern.notify.toolsChanged();
      modern.notify.promptsChanged();
      modern.notify.resourcesChanged();
    },
    ...(serverOptions.listChangedDelayMs === undefined
      ? {}
      : { delayMs: serverOptions.listChangedDelayMs }),
  });

  const closeIdle = () => {
    const now = Date.now();
    for (const [id, session] of sessions) {
      if (now - session.lastUsed < sessionIdleMs) continue;
      sessions.delete(id);
      void session.server.close().catch(() => {});
    }
  };
  const sweeper = setInterval(closeIdle, Math.min(sessionIdleMs, 60_000));
  sweeper.unref?.();

  // Sessions being opened, per principal: counted against the cap before they are initialized.
  const opening = new Map<string, number>();
  /** A session is busy from a request until its response body ends. */
  const serve = async (session: Session, respond: () => Promise<Response>) => {
    session.busy += 1;
    session.lastUsed = Date.now();
    let response: Response;
    try {
      response = await respond();
    } catch (error) {
      session.busy -= 1;
      throw error;
    }
    return whenBodyEnds(response, () => {
      session.busy -= 1;
      session.lastUsed = Date.now();
    });
  };
  /** Makes room for one more session of `principalId`: false when every session it holds is busy. */
  const makeRoom = (principalId: string): boolean => {
    let held = opening.get(principalId) ?? 0;
    let leastRecent: [string, Session] | undefined;
    for (const entry of sessions) {
      const session = entry[1];
      if (session.principalId !== principalId) continue;
      held += 1;
      if (
        session.busy === 0 &&
        (leastRecent === undefined || session.lastUsed < leastRecent[1].lastUsed)
      ) {
        leastRecent = entry;
      }
    }
    if (held < maxSessionsPerPrincipal) return true;
    if (leastRecent === undefined) return false;
    sessions.delete(leastRecent[0]);
    void leastRecent[1].server.close().catch(() => {});
    return true;
  };

  const openSession = async (principal: SkillsMcpPrincipal, request: Request) => {
    closeIdle();
    if (!makeRoom(principal.id)) {
      return jsonRpcError(
        429,
        `Too many MCP sessions: this principal holds ${maxSessionsPerPrincipal}, each answering a request or holding an event stream; end one (DELETE /mcp with its Mcp-Session-Id) and retry.`,
        { 'Retry-After': '60' },
      );
    }
    opening.set(principal.id, (opening.get(principal.id) ?? 0) + 1);
    try {
      return await startSession(principal, request);
    } finally {
      const left = (opening.get(principal.id) ?? 1) - 1;
      if (left > 0) opening.set(principal.id, left);
      else opening.delete(principal.id);
    }
  };

  const startSession = async (principal: SkillsMcpPrincipal, request: Request) => {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      eventStore: createSessionEventStore(),
      retryInterval: SSE_RETRY_MS,
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, session);
      },
    });
    const session: Session = {
      principalId: principal.id,
      principal,
      lastUsed: Date.now(),
      busy: 0,
      policy: principal.policy,
      server: new SkillsMcpServer({
        ...serverOptions,
        policy: () => session.policy,
        ...(onSkillUse === undefined
          ? {}
          : { onSkillUse: (use) => onSkillUse(use, session.principal) }),
      }),
      transport,
    };
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await session.server.connect(transport);
    const response = await serve(session, () => transport.handleRequest(request));
    // A first request that was not `initialize` opened no session: drop its server.
    if (transport.sessionId === undefined) await session.server.close();
    return response;
  };

  return {
    async handle(request) {
      const principal = await authenticate(request);
      if (principal === undefined) {
        return jsonRpcError(401, 'Unauthorized: send a valid bearer token.', {
          'WWW-Authenticate': 'Bearer',
        });
      }
      const sessionId = request.headers.get('mcp-session-id');
      // A session belongs to the 2025 era; anything else the SDK classifies.
      if (sessionId === null && !(await isLegacyRequest(request))) {
        const authInfo: AuthInfo = {
          token: '',
          clientId: principal.id,
          scopes: [],
          extra: { [PRINCIPAL_KEY]: principal },
        };
        return modern.fetch(request, { authInfo });
      }
      if (sessionId === null) return openSession(principal, request);
      const session = sessions.get(sessionId);
      if (session === undefined) return jsonRpcError(404, 'Session not found.');
      if (session.principalId !== principal.id) {
        return jsonRpcError(403, 'This session belongs to another principal.');
      }
      session.policy = principal.policy;
      session.principal = principal;
      return serve(session, () => session.transport.handleRequest(request));
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      clearInterval(sweeper);
      stopWatching();
      await modern.close();
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.server.close()));
    },
  };
}

// Where the per-request factory finds the principal the handler authenticated.
const PRINCIPAL_KEY = 'skillset/principal';

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }),
    { status, headers: { 'Content-Type': 'application/json', ...headers } },
  );
}
