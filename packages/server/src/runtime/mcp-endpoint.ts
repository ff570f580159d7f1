import type { SkillEntryPoint } from '@skillset/core';
import type { SkillsMcpHttpHandler, SkillsMcpPrincipal } from '@skillset/mcp';
import type { RequestPrincipal } from '../app/app-env.ts';
import type { RuntimeScope } from './skill-runtime.ts';
import type { SkillUse } from './usage-recorder.ts';
import type { WorkspaceSkills } from './workspace-skills.ts';

/** Options for {@link createMcpEndpoint}. */
export interface McpEndpointOptions {
  open(principal: RequestPrincipal): Promise<RuntimeScope>;
  record(use: SkillUse): void;
  /** Sessions one principal may hold, and how long an unused one stays open. */
  maxSessionsPerPrincipal: number;
  sessionIdleMs: number;
}

/** `/mcp` of the server: one Streamable HTTP handler per workspace registry, sessions bound to principals. */
export interface McpEndpoint {
  handle(request: Request, principal: RequestPrincipal): Promise<Response>;
  close(): Promise<void>;
}

interface UseRequest {
  skill: string;
  entryPoint: SkillEntryPoint;
  event: SkillUse['event'];
  surface: string;
}

/** Reads which skill a JSON-RPC request uses (a `use_skill` call or a prompt), for usage records. */
async function readUseRequests(request: Request): Promise<UseRequest[]> {
  if (request.method !== 'POST') return [];
  let body: unknown;
  try {
    body = await request.clone().json();
  } catch {
    return [];
  }
  const messages = Array.isArray(body) ? body : [body];
  const uses: UseRequest[] = [];
  for (const message of messages) {
    const { method, params } = (message ?? {}) as {
      method?: unknown;
      params?: { name?: unknown; arguments?: { skill?: unknown } };
    };
    if (method === 'tools/call' && params?.name === 'use_skill') {
      const skill = params.arguments?.skill;
      if (typeof skill === 'string') {
        uses.push({ skill, entryPoint: 'mcp_tool', event: 'activation', surface: 'model' });
      }
    } else if (method === 'prompts/get' && typeof params?.name === 'string') {
      uses.push({
        skill: params.name,
        entryPoint: 'mcp_prompt',
        event: 'injection',
        surface: 'user',
      });
    }
  }
  return uses;
}

/** Creates the `/mcp` endpoint: the bearer token's principal selects the registry and the policy. */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const handlers = new Map<string, Promise<SkillsMcpHttpHandler>>();
  const principals = new WeakMap<Request, SkillsMcpPrincipal>();
  // The MCP SDK and its JSON-schema validators are a tenth of the server's modules: loaded on the
  // first `/mcp` request, not at start (decision 0095).
  let mcpModule: Promise<typeof import('@skillset/mcp')> | undefined;

  const handlerFor = (skills: WorkspaceSkills): Promise<SkillsMcpHttpHandler> => {
    const key = `${skills.workspaceId}|${skills.userId ?? ''}`;
    let handler = handlers.get(key);
    if (handler === undefined) {
      mcpModule ??= import('@skillset/mcp');
      handler = mcpModule.then(({ createSkillsMcpHttpHandler }) =>
        createSkillsMcpHttpHandler({
          registry: skills.registry,
          authenticate: (request) => principals.get(request),
          maxSessionsPerPrincipal: options.maxSessionsPerPrincipal,
          sessionIdleMs: options.sessionIdleMs,
        }),
      );
      handlers.set(key, handler);
      handler.catch(() => handlers.delete(key));
    }
    return handler;
  };

  return {
    async handle(request, principal) {
      const { policy, skills, gate } = await options.open(principal);
      principals.set(request, {
        id: `${policy.principal.kind}:${policy.principal.id}`,
        policy: gate,
      });
      const uses = await readUseRequests(request);
      const response = await (await handlerFor(skills)).handle(request);
      if (response.ok) {
        for (const use of uses) {
          const entry = await skills.registry.resolve(use.skill);
          if (entry === undefined) continue;
          if (!(await gate.decide(entry, use.entryPoint)).allowed) continue;
          const stored = skills.storedSkill(entry);
          options.record({
            workspaceId: policy.workspaceId,
            skill: entry.name,
            ...(stored === undefined ? {} : { skillId: stored.id, version: stored.currentVersion }),
            principal: policy.principal,
            surface: use.surface,
            event: use.event,
            outcome: 'ok',
          });
        }
      }
      return response;
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
