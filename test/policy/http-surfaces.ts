import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { PolicyEnvironment } from '@skillset/core';
import { createNodePolicyEnvironment } from '@skillset/core/node';
import { type ApiApp, createApp, createSkillRuntime } from '@skillset/server';
import { ensureInstanceOwner, openStore } from '@skillset/store';
import pino from 'pino';
import type { EligibilityFixture } from './eligibility-fixture.ts';
import { connectMcpClient, type McpWorld, mcpAdapters } from './mcp-surfaces.ts';
import {
  type PolicyScenario,
  REFERENCE_FILE,
  scenarioSkillText,
  scenarioSubject,
} from './policy-scenarios.ts';
import { agentScenarioContext, type ScenarioIds } from './scenario-policies.ts';
import type { SurfaceAdapter, SurfaceFamily } from './surface-family.ts';

/** A workspace of the server, set up through the API, and the agent token its surfaces are asked with. */
export interface HttpWorld extends McpWorld {
  /** A request with the agent's token. */
  request(method: string, path: string, json?: unknown): Promise<Response>;
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
      if (response.status !== 200 && response.status !== 404) {
        throw new Error(`GET …/files of ${skill}: ${response.status} ${await response.text()}`);
      }
      return { allowed: response.status === 200 };
    },
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
      const app = createApp({ store, logger, maxBodyBytes: 1024 * 1024, runtime });
      server = { app, ownerToken: owner.token, ownerUserId: owner.user.id, environment };
      return async () => {
        await runtime.close();
        await store.close();
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
        close: () => mcp.client.close(),
      };
    },
    adapters: httpAdapters,
  };
}
