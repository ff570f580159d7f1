import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { SkillsMcpAccess } from './skills-mcp-policy.ts';
import { SkillsMcpServer, type SkillsMcpServerOptions } from './skills-mcp-server.ts';

/** The caller of one HTTP request, as the host's authentication established it. */
export interface SkillsMcpPrincipal {
  /** A stable key of the principal (e.g. `agent:<id>`): a session stays bound to the one that opened it. */
  id: string;
  /** The access of this principal now, a policy context or the host's gate (re-read on every request). */
  policy: SkillsMcpAccess;
}

/** Options for {@link createSkillsMcpHttpHandler}. */
export interface SkillsMcpHttpHandlerOptions extends Omit<SkillsMcpServerOptions, 'policy'> {
  /** Identifies the caller from the request (its bearer token); `undefined` answers 401. */
  authenticate(
    request: Request,
  ): SkillsMcpPrincipal | undefined | Promise<SkillsMcpPrincipal | undefined>;
}

/** Streamable HTTP for the skills MCP server: one server per session, bound to its principal. */
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
  policy: SkillsMcpAccess;
  server: SkillsMcpServer;
  transport: WebStandardStreamableHTTPServerTransport;
}

/**
 * Creates the Streamable HTTP handler of the skills MCP server (mount it at `/mcp`): the bearer
 * token selects the principal, whose policy decides every list and call of its session.
 */
export function createSkillsMcpHttpHandler(
  options: SkillsMcpHttpHandlerOptions,
): SkillsMcpHttpHandler {
  const { authenticate, ...serverOptions } = options;
  const sessions = new Map<string, Session>();

  const openSession = async (principal: SkillsMcpPrincipal, request: Request) => {
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: () => crypto.randomUUID(),
      onsessioninitialized: (sessionId) => {
        sessions.set(sessionId, session);
      },
    });
    const session: Session = {
      principalId: principal.id,
      policy: principal.policy,
      server: new SkillsMcpServer({ ...serverOptions, policy: () => session.policy }),
      transport,
    };
    transport.onclose = () => {
      if (transport.sessionId !== undefined) sessions.delete(transport.sessionId);
    };
    await session.server.connect(transport);
    const response = await transport.handleRequest(request);
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
      if (sessionId === null) return openSession(principal, request);
      const session = sessions.get(sessionId);
      if (session === undefined) return jsonRpcError(404, 'Session not found.');
      if (session.principalId !== principal.id) {
        return jsonRpcError(403, 'This session belongs to another principal.');
      }
      session.policy = principal.policy;
      return session.transport.handleRequest(request);
    },
    get sessionCount() {
      return sessions.size;
    },
    async close() {
      const open = [...sessions.values()];
      sessions.clear();
      await Promise.all(open.map((session) => session.server.close()));
    },
  };
}

function jsonRpcError(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(
    JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }),
    { status, headers: { 'Content-Type': 'application/json', ...headers } },
  );
}
