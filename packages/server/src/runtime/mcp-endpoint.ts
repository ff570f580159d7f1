import type {
  createSkillsMcpHttpHandler,
  SkillsMcpHttpHandler,
  SkillsMcpPrincipal,
  SkillsMcpSkillUse,
} from '@skillset/mcp';
import type { Logger } from 'pino';
import type { RequestPrincipal } from '../app/app-env.ts';
import { loggableError } from '../http/loggable-error.ts';
import { resolveSkillAttempt } from './resolve-skill-attempt.ts';
import type { RuntimeScope } from './skill-runtime.ts';
import type { SkillUse } from './usage-recorder.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

type CreateSkillsMcpHttpHandler = typeof createSkillsMcpHttpHandler;

/** Options for {@link createMcpEndpoint}. */
export interface McpEndpointOptions {
  open(principal: RequestPrincipal): Promise<RuntimeScope>;
  record(use: SkillUse): void;
  logger: Logger;
  /** Sessions one principal may hold, and how long an unused one stays open. */
  maxSessionsPerPrincipal: number;
  sessionIdleMs: number;
}

/** `/mcp` of the server: one Streamable HTTP handler per workspace registry, sessions bound to principals. */
export interface McpEndpoint {
  handle(request: Request, principal: RequestPrincipal): Promise<Response>;
  /** Closes the handler of a registry the runtime dropped (its sessions end; clients start anew). */
  forget(registryKey: string): Promise<void>;
  close(): Promise<void>;
}

/** Creates the `/mcp` endpoint: the bearer token's principal selects the registry and the policy. */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const handlers = new Map<string, Promise<SkillsMcpHttpHandler>>();
  const principals = new WeakMap<Request, SkillsMcpPrincipal>();
  const scopes = new WeakMap<SkillsMcpPrincipal, RuntimeScope>();

  const record = async (use: SkillsMcpSkillUse, scope: RuntimeScope) => {
    const tool = use.entryPoint === 'mcp_tool';
    const attempt = await resolveSkillAttempt({
      scope,
      name: use.skill,
      entryPoint: use.entryPoint,
      outcome: use.outcome,
    });
    if (attempt === undefined) return;
    options.record({
      ...attempt,
      workspaceId: scope.policy.workspaceId,
      principal: scope.policy.principal,
      surface: tool ? 'model' : 'user',
      event: tool ? 'activation' : 'injection',
    });
  };
  const onSkillUse = (use: SkillsMcpSkillUse, principal: SkillsMcpPrincipal) => {
    const scope = scopes.get(principal);
    if (scope === undefined) return;
    record(use, scope).catch((error: unknown) =>
      options.logger.warn(
        { err: loggableError(error), skill: use.skill },
        'MCP skill use not recorded',
      ),
    );
  };
  // The MCP SDK and its JSON-schema validators are a tenth of the server's modules: loaded on the
  // first `/mcp` request, not at start (decision 0095).
  let createHandler: Promise<CreateSkillsMcpHttpHandler> | undefined;

  const handlerFor = (skills: WorkspaceSkills): Promise<SkillsMcpHttpHandler> => {
    const { key } = skills;
    let handler = handlers.get(key);
    if (handler === undefined) {
      createHandler ??= import('@skillset/mcp').then(
        ({ createSkillsMcpHttpHandler }) => createSkillsMcpHttpHandler,
      );
      handler = createHandler.then((create) =>
        create({
          registry: skills.registry,
          authenticate: (request) => principals.get(request),
          maxSessionsPerPrincipal: options.maxSessionsPerPrincipal,
          sessionIdleMs: options.sessionIdleMs,
          onSkillUse,
        }),
      );
      handlers.set(key, handler);
      handler.catch(() => handlers.delete(key));
    }
    return handler;
  };

  return {
    async handle(request, principal) {
      const scope = await options.open(principal);
      const { policy, skills, gate } = scope;
      const mcpPrincipal: SkillsMcpPrincipal = {
        id: `${policy.principal.kind}:${policy.principal.id}`,
        policy: gate,
      };
      principals.set(request, mcpPrincipal);
      scopes.set(mcpPrincipal, scope);
      return (await handlerFor(skills)).handle(request);
    },
    async forget(registryKey) {
      const handler = handlers.get(registryKey);
      if (handler === undefined) return;
      handlers.delete(registryKey);
      await handler.then((opened) => opened.close()).catch(() => {});
    },
    async close() {
      const open = [...handlers.values()];
      handlers.clear();
      await Promise.all(
        open.map((handler) => handler.then((opened) => opened.close()).catch(() => {})),
      );
    },
  };
}
