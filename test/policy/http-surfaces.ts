import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { PolicyEnvironment } from '@skillset/core';
import { createNodePolicyEnvironment } from '@skillset/core/node';
import { resolveServerConfig } from '@skillset/server';
import { type ApiApp, createApp, createSkillRuntime } from '@skillset/server/test';
import { ensureInstanceOwner, openStore } from '@skillset/store';
import pino from 'pino';
import {
  type CompletionReply,
  type CompletionRequest,
  startOpenAiCompatibleServer,
} from '../support/openai-compatible-server.ts';
import { readSseData } from '../support/read-sse.ts';
import type { EligibilityFixture } from './eligibility-fixture.ts';
import { connectMcpClient, type McpWorld, mcpAdapters } from './mcp-surfaces.ts';
import {
  type PolicyScenario,
  REFERENCE_FILE,
  scenarioSkillText,
  scenarioSubject,
} from './policy-scenarios.ts';
import { agentScenarioContext, type ScenarioIds } from './scenario-policies.ts';
import type { SurfaceAdapter, SurfaceFamily, SurfaceUse } from './surface-family.ts';

/** A workspace of the server, set up through the API, and the agent token its surfaces are asked with. */
export interface HttpWorld extends McpWorld {
  /** A request with the agent's token. */
  request(method: string, path: string, json?: unknown): Promise<Response>;
  /** A request of the workspace's owner (who answers the agent's approval questions). */
  ownerRequest(method: string, path: string, json?: unknown): Promise<Response>;
  /** `approve:<skill>` for every approval question the owner answered, in order. */
  approvals: string[];
}

interface Server {
  app: ApiApp;
  ownerToken: string;
  ownerUserId: string;
  environment: PolicyEnvironment;
}

async function send(
  app: ApiApp,
  token: string,
  method: string,
  path: string,
  options: { json?: unknown; workspaceId?: string } = {},
): Promise<Response> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (options.workspaceId !== undefined) headers['skillset-workspace'] = options.workspaceId;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  return app.request(path, {
    method,
    headers,
    ...(options.json === undefined ? {} : { body: JSON.stringify(options.json) }),
  });
}

async function expectJson<Body>(response: Response | Promise<Response>, status = 200) {
  const answered = await response;
  const text = await answered.text();
  if (answered.status !== status) {
    throw new Error(`expected ${status}, got ${answered.status}: ${text}`);
  }
  return JSON.parse(text) as Body;
}

/** Creates the scenario's workspace, skills, agents, rules and agent token through the API. */
async function setUpWorkspace(server: Server, scenario: PolicyScenario) {
  const { app, ownerToken, ownerUserId } = server;
  const workspace = await expectJson<{ id: string }>(
    send(app, ownerToken, 'POST', '/api/workspaces', {
      json: {
        name: scenario.name,
        settings: {
          ...(scenario.workspaceIntegrations === undefined
            ? {}
            : { integrations: scenario.workspaceIntegrations }),
          ...(scenario.contentRisks === undefined ? {} : { contentRisks: scenario.contentRisks }),
        },
      },
    }),
    201,
  );
  const admin = (method: string, path: string, json?: unknown) =>
    send(app, ownerToken, method, path, { json, workspaceId: workspace.id });
  for (const skill of scenario.skills) {
    await expectJson(
      admin('POST', '/api/skills', {
        content: scenarioSkillText(skill),
        files: { [REFERENCE_FILE]: `# ${skill.name}\n` },
      }),
      201,
    );
    if (skill.enabled === false)
      await expectJson(admin('POST', `/api/skills/${skill.name}/disable`));
  }
  const agent = await expectJson<{ id: string }>(
    admin('POST', '/api/agents', {
      name: 'agent',
      actsForUserId: ownerUserId,
      settings: {
        allowlist: scenario.allowlist ?? [],
        ...(scenario.agentIntegrations === undefined
          ? {}
          : { integrations: scenario.agentIntegrations }),
      },
    }),
    201,
  );
  const otherAgent = await expectJson<{ id: string }>(
    admin('POST', '/api/agents', { name: 'other-agent' }),
    201,
  );
  const ids: ScenarioIds = {
    workspace: workspace.id,
    agent: agent.id,
    otherAgent: otherAgent.id,
    user: ownerUserId,
  };
  for (const rule of scenario.rules ?? []) {
    const { skill, action } = rule;
    const surface = rule.surface ?? '*';
    const bound =
      rule.principal === 'agent'
        ? { agentId: ids.agent }
        : rule.principal === 'other-agent'
          ? { agentId: ids.otherAgent }
          : { principal: rule.principal === 'user' ? ids.user : '*' };
    await expectJson(admin('POST', '/api/permissions', { ...bound, skill, surface, action }), 201);
  }
  const { token } = await expectJson<{ token: string }>(
    admin('POST', '/api/tokens', { name: 'agent token', agentId: ids.agent }),
    201,
  );
  return { ids, token };
}

const USE_PREFIX = 'Load the skill ';

/** The chat model: loads the skill a message names with use_skill, then answers. */
function chatModelReply(request: CompletionRequest): CompletionReply {
  const last = request.messages.at(-1);
  const text = typeof last?.content === 'string' ? last.content : JSON.stringify(last?.content);
  const named =
    last?.role === 'user' ? new RegExp(`${USE_PREFIX}(\\S+)`).exec(text)?.[1] : undefined;
  if (named === undefined) return { text: 'Done.' };
  return { toolCalls: [{ name: 'use_skill', arguments: { skill: named, arguments: 'now' } }] };
}

/**
 * Sends a chat message as the agent and reads the UI message stream: the owner approves every
 * question (`data-approval`) and the use went through when the skill was activated by `by`.
 */
async function chatUse(
  world: HttpWorld,
  skill: string,
  message: string,
  by: 'user' | 'model',
): Promise<SurfaceUse> {
  const response = await world.request('POST', '/api/chat', { message });
  if (response.status !== 200) throw new Error(`chat: ${response.status} ${await response.text()}`);
  let allowed = false;
  let flagged = false;
  for await (const data of readSseData(response)) {
    if (!data.startsWith('{')) continue;
    const chunk = JSON.parse(data) as {
      type: string;
      data?: {
        id?: string;
        skill?: string;
        by?: string;
        status?: string;
        request?: { skill?: string };
      };
    };
    if (chunk.type === 'data-activation' && chunk.data?.skill === skill && chunk.data.by === by) {
      allowed = true;
    }
    if (chunk.type === 'data-approval' && chunk.data?.status === 'pending') {
      if (chunk.data.request?.skill === skill) flagged = true;
      world.approvals.push(`approve:${chunk.data.request?.skill}`);
      await expectJson(
        world.ownerRequest('POST', `/api/chat/approvals/${chunk.data.id}`, { approved: true }),
      );
    }
  }
  return { allowed, flagged };
}

const httpAdapters: SurfaceAdapter<HttpWorld>[] = [
  {
    name: 'GET /api/skills/commands',
    entryPoint: 'api_commands',
    async list(world) {
      const { commands } = await expectJson<{ commands: { name: string }[] }>(
        world.request('GET', '/api/skills/commands'),
      );
      return commands.map((command) => command.name);
    },
  },
  {
    name: 'GET /api/skills/prompt',
    entryPoint: 'catalog',
    async list(world) {
      const { entries } = await expectJson<{ entries: { name: string }[] }>(
        world.request('GET', '/api/skills/prompt'),
      );
      return entries.map((entry) => entry.name);
    },
  },
  {
    name: 'POST /api/skills/invoke',
    entryPoint: 'api_invoke',
    async use(world, skill) {
      const result = await expectJson<{
        activations: { name: string; requiresApproval?: boolean }[];
        unknown: string[];
      }>(world.request('POST', '/api/skills/invoke', { message: `/${skill} now` }));
      const activation = result.activations.find((each) => each.name === skill);
      if (activation === undefined && !result.unknown.includes(`/${skill}`)) {
        throw new Error(`/${skill} was neither activated nor unknown: ${JSON.stringify(result)}`);
      }
      return { allowed: activation !== undefined, flagged: activation?.requiresApproval === true };
    },
    flags: true,
  },
  {
    name: 'GET /api/skills + GET /api/skills/{name}/files/…',
    entryPoint: 'api_read',
    async list(world) {
      const { items } = await expectJson<{ items: { name: string }[] }>(
        world.request('GET', '/api/skills?limit=1000'),
      );
      return [...new Set(items.map((item) => item.name))];
    },
    async use(world, skill) {
      const response = await world.request('GET', `/api/skills/${skill}/files/${REFERENCE_FILE}`);
      const text = await response.text();
      // Nobody approves an API read: a skill behind an ask rule is refused as such, not served.
      if (response.status === 403 && text.includes('"approval_required"')) {
        return { allowed: true, flagged: true };
      }
      if (response.status !== 200 && response.status !== 404) {
        throw new Error(`GET …/files of ${skill}: ${response.status} ${text}`);
      }
      return { allowed: response.status === 200, flagged: false };
    },
    flags: true,
  },
  {
    name: 'GET /api/chat/prompt (the chat’s catalog)',
    entryPoint: 'catalog',
    async list(world) {
      const { catalog } = await expectJson<{ catalog: { entries: { name: string }[] } }>(
        world.request('GET', '/api/chat/prompt?message=any%20request'),
      );
      return catalog.entries.map((entry) => entry.name);
    },
  },
  {
    name: 'POST /api/chat: the model calls use_skill',
    entryPoint: 'use_skill',
    use: (world, skill) => chatUse(world, skill, `${USE_PREFIX}${skill}`, 'model'),
    flags: true,
  },
  {
    name: 'POST /api/chat: a person types /name',
    entryPoint: 'slash_command',
    use: (world, skill) => chatUse(world, skill, `/${skill} now`, 'user'),
    flags: true,
  },
  ...mcpAdapters<HttpWorld>('/mcp'),
];

/** The server's Hono app on PGlite (`app.request()`, no ports): the runtime routes and `/mcp`, as an agent. */
export function httpSurfaces(fixture: () => EligibilityFixture): SurfaceFamily<HttpWorld> {
  let server: Server | undefined;
  return {
    name: '@skillset/server (HTTP API)',
    skipReason: () => undefined,
    async setUp() {
      const store = await openStore({ dataDir: 'memory://', migrate: true });
      const owner = await ensureInstanceOwner(store);
      if (!owner.created) throw new Error('expected a fresh store');
      const { env, binDir, configKeys } = fixture();
      const environment = createNodePolicyEnvironment({ env, searchPath: binDir, configKeys });
      const logger = pino({ level: 'silent' });
      const runtime = createSkillRuntime({ store, logger, environment, usageFlushDelayMs: 10 });
      const endpoint = await startOpenAiCompatibleServer(chatModelReply);
      const { model } = resolveServerConfig({
        env: { SKILLSET_MODEL: 'openai-compatible:test', OPENAI_BASE_URL: endpoint.baseUrl },
      });
      const app = createApp({
        store,
        logger,
        maxBodyBytes: 1024 * 1024,
        runtime,
        ...(model === undefined ? {} : { chat: { model } }),
      });
      server = { app, ownerToken: owner.token, ownerUserId: owner.user.id, environment };
      return async () => {
        await runtime.close();
        await store.close();
        await endpoint.close();
      };
    },
    async open(scenario) {
      if (server === undefined) throw new Error('the server is not set up');
      const { app, environment } = server;
      const { ids, token } = await setUpWorkspace(server, scenario);
      const mcp = await connectMcpClient(
        new StreamableHTTPClientTransport(new URL('http://skillset.test/mcp'), {
          fetch: async (url, init) => app.request(String(url), init as RequestInit),
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      const context = agentScenarioContext(scenario, ids, environment);
      return {
        context,
        subject: (skill) => scenarioSubject(skill, 'workspace'),
        mcp,
        request: (method, path, json) => send(app, token, method, path, { json }),
        ownerRequest: (method, path, json) =>
          send(app, server?.ownerToken ?? '', method, path, { json, workspaceId: ids.workspace }),
        approvals: [],
        close: () => mcp.client.close(),
      };
    },
    adapters: httpAdapters,
  };
}
