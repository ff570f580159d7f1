import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  type CallToolResult,
  ElicitRequestSchema,
  ErrorCode,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { MAX_SEARCH_LIMIT } from '@skillset/core/test';
import { createSkillsMcpServer, parseSkillResourceUri } from '@skillset/mcp/test';
import {
  GetSkillResultSchema,
  ListSkillsResultSchema,
  ReadResourceDirectoryResultSchema,
} from '../support/skills-extension-schemas.ts';
import { type MemoryWorld, openMemoryWorld } from './core-surfaces.ts';
import type { EligibilityFixture } from './eligibility-fixture.ts';
import { type PolicyScenario, REFERENCE_FILE, SEARCH_WORD } from './policy-scenarios.ts';
import type { OpenWorld, SurfaceAdapter, SurfaceFamily, SurfaceUse } from './surface-family.ts';

/** An SDK client connected to a skills MCP server; it accepts every elicitation and keeps a log. */
export interface McpConnection {
  client: Client;
  /** `tool:skill` for every elicitation the server sent, in order. */
  approvals: string[];
}

/** A world whose surfaces include an MCP server. */
export interface McpWorld extends OpenWorld {
  mcp: McpConnection;
}

/** Connects the official SDK client (with elicitation, so `ask` can be approved) over `transport`. */
export async function connectMcpClient(transport: Transport): Promise<McpConnection> {
  const client = new Client(
    { name: 'every-surface', version: '1.0.0' },
    { capabilities: { elicitation: { form: {} } } },
  );
  const approvals: string[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const asked = /use skill "([^"]+)" through (\w+)/.exec(request.params.message);
    approvals.push(asked === null ? request.params.message : `${asked[2]}:${asked[1]}`);
    return { action: 'accept', content: {} };
  });
  await client.connect(transport);
  return { client, approvals };
}

/** A refusal the way MCP refuses a denied skill: like an unknown name. */
async function refusedLikeUnknown(
  request: Promise<unknown>,
  codes: readonly number[],
): Promise<boolean> {
  try {
    await request;
    return true;
  } catch (error) {
    if (error instanceof McpError && codes.includes(error.code)) return false;
    throw error;
  }
}

/**
 * A request that hands out a skill's text: refused like an unknown name when denied; where a rule
 * says `ask`, the client's user was asked (elicitation) or the request refused as
 * `approval_required` — either way flagged, and the text never arrived unasked.
 */
async function textUse(world: McpWorld, skill: string, request: () => Promise<unknown>) {
  const { approvals } = world.mcp;
  const before = approvals.length;
  try {
    await request();
  } catch (error) {
    const code = error instanceof McpError ? (error.data as { code?: unknown })?.code : undefined;
    if (code === 'approval_required') return { allowed: true, flagged: true };
    if (error instanceof McpError && error.code === ErrorCode.InvalidParams) {
      return { allowed: false };
    }
    throw error;
  }
  const flagged = approvals.slice(before).some((entry) => entry.endsWith(`:${skill}`));
  return { allowed: true, flagged };
}

async function callSkillTool(
  world: McpWorld,
  name: string,
  skill: string,
  input: Record<string, unknown>,
): Promise<SurfaceUse> {
  const { client, approvals } = world.mcp;
  const before = approvals.length;
  const result = (await client.callTool({
    name,
    arguments: { skill, ...input },
  })) as CallToolResult;
  const flagged = approvals.slice(before).some((entry) => entry.endsWith(`:${skill}`));
  if (result.isError !== true) return { allowed: true, flagged };
  const text = JSON.stringify(result.content);
  // A denied skill reads as unknown: not in use_skill's enum of allowed names, or "Unknown skill".
  if (!text.includes('Unknown skill') && !text.includes('allowed values')) {
    throw new Error(`unexpected ${name} error: ${text}`);
  }
  return { allowed: false };
}

/** The MCP surfaces, driven through the SDK client: tools, prompts and resources. */
export function mcpAdapters<World extends McpWorld>(prefix: string): SurfaceAdapter<World>[] {
  return [
    {
      name: `${prefix} tools/list use_skill + tools/call use_skill`,
      entryPoint: 'mcp_tool',
      async list(world) {
        const { tools } = await world.mcp.client.listTools();
        const useSkill = tools.find((each) => each.name === 'use_skill');
        const skill = useSkill?.inputSchema.properties?.skill as { enum?: string[] } | undefined;
        return skill?.enum ?? [];
      },
      use: (world, skill) => callSkillTool(world, 'use_skill', skill, { arguments: 'now' }),
      flags: true,
    },
    {
      name: `${prefix} tools/call search_skills`,
      entryPoint: 'search_skills',
      async list(world) {
        const result = (await world.mcp.client.callTool({
          name: 'search_skills',
          arguments: { query: SEARCH_WORD, limit: MAX_SEARCH_LIMIT },
        })) as CallToolResult;
        const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
        return [...text.matchAll(/^\d+\. ([a-z0-9-]+):/gm)].map((match) => match[1] as string);
      },
    },
    {
      name: `${prefix} tools/call read_skill_file`,
      entryPoint: 'read_skill_file',
      use: (world, skill) =>
        callSkillTool(world, 'read_skill_file', skill, { path: REFERENCE_FILE }),
      flags: true,
    },
    {
      name: `${prefix} prompts/list + prompts/get`,
      entryPoint: 'mcp_prompt',
      async list(world) {
        const { prompts } = await world.mcp.client.listPrompts();
        return prompts.map((prompt) => prompt.name);
      },
      use: (world, skill) =>
        textUse(world, skill, () => world.mcp.client.getPrompt({ name: skill, arguments: {} })),
      flags: true,
    },
    {
      name: `${prefix} resources/list + resources/read`,
      entryPoint: 'mcp_resource',
      async list(world) {
        const { resources } = await world.mcp.client.listResources();
        return resources.flatMap((resource) => parseSkillResourceUri(resource.uri)?.skill ?? []);
      },
      use: (world, skill) =>
        textUse(world, skill, () =>
          world.mcp.client.readResource({ uri: `skill://${skill}/${REFERENCE_FILE}` }),
        ),
      flags: true,
    },
    {
      name: `${prefix} skills/list + skills/get`,
      entryPoint: 'mcp_resource',
      async list(world) {
        const names: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await world.mcp.client.request(
            { method: 'skills/list', params: cursor === undefined ? {} : { cursor } },
            ListSkillsResultSchema,
          );
          names.push(...page.skills.map((skill) => skill.frontmatter.name));
          cursor = page.nextCursor;
        } while (cursor !== undefined);
        return names;
      },
      async use(world, skill) {
        const got = world.mcp.client.request(
          { method: 'skills/get', params: { uri: `skill://${skill}/SKILL.md` } },
          GetSkillResultSchema,
        );
        return { allowed: await refusedLikeUnknown(got, [ErrorCode.InvalidParams]) };
      },
    },
    {
      name: `${prefix} resources/directory/read`,
      entryPoint: 'mcp_resource',
      async use(world, skill) {
        const read = world.mcp.client.request(
          { method: 'resources/directory/read', params: { uri: `skill://${skill}` } },
          ReadResourceDirectoryResultSchema,
        );
        return { allowed: await refusedLikeUnknown(read, [ErrorCode.InvalidParams]) };
      },
    },
  ];
}

/** A memory world served by `createSkillsMcpServer` to an SDK client over an in-memory transport pair. */
export interface McpMemoryWorld extends MemoryWorld, McpWorld {}

/** `@skillset/mcp`'s server over a registry, as `skillset mcp` runs it, reached through the SDK client. */
export function mcpSurfaces(fixture: () => EligibilityFixture): SurfaceFamily<McpMemoryWorld> {
  return {
    name: '@skillset/mcp (in-memory transport)',
    skipReason: (scenario: PolicyScenario) =>
      scenario.skills.some((skill) => skill.enabled === false)
        ? 'createSkillsMcpServer has no enabled switch: a host leaves disabled skills out of its registry (0042)'
        : undefined,
    async open(scenario) {
      const world = await openMemoryWorld(scenario, fixture());
      const server = createSkillsMcpServer({ registry: world.registry, policy: world.policy });
      const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
      await server.connect(serverTransport);
      const mcp = await connectMcpClient(clientTransport);
      return {
        ...world,
        mcp,
        async close() {
          await mcp.client.close();
          await world.close();
        },
      };
    },
    adapters: mcpAdapters('MCP'),
  };
}
