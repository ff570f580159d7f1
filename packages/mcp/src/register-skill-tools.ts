import type { CallToolResult, Server, ServerContext, Tool } from '@modelcontextprotocol/server';
import type { PolicyGate, SkillRegistry, SkillTool, UseSkillData } from '@skillset/core';
import { closestNames, formatToolResult } from '@skillset/core/serving';
import { elicitationApprove } from './elicitation-approve.ts';
import { requestInfoOf } from './request-info.ts';
import { resolveSkillsMcpGate, type SkillsMcpPolicy } from './skills-mcp-policy.ts';
import type { SkillsMcpSkillUseListener } from './skills-mcp-skill-use.ts';

/** Options for {@link registerSkillTools}. */
export interface RegisterSkillToolsOptions {
  server: Server;
  registry: SkillRegistry;
  policy: SkillsMcpPolicy;
  /** Largest text `read_skill_file` returns, in bytes. */
  maxFileBytes?: number;
  /** Whether `use_skill`'s description carries the catalog of the skills (default true). */
  toolCatalog?: boolean;
  /** Hears of every `use_skill` call that names a skill. */
  onSkillUse?: SkillsMcpSkillUseListener;
}

/** Answers `tools/list` and `tools/call` with core's skill tools, built for the principal at each request. */
export function registerSkillTools(options: RegisterSkillToolsOptions): void {
  const { server, registry, policy, maxFileBytes, onSkillUse } = options;
  const withCatalog = options.toolCatalog ?? true;
  const buildTools = async (ctx: ServerContext) => {
    // The tools (their schemas, zod) load on the first tool request, not before `initialize`.
    const [{ createSkillTools }, { loadRankerData }] = await Promise.all([
      import('@skillset/core/tools'),
      import('@skillset/core/node'),
    ]);
    const gate = await resolveSkillsMcpGate(policy, requestInfoOf(ctx), registry);
    const approve = elicitationApprove(server, ctx);
    return createSkillTools({
      registry,
      ranker: loadRankerData(),
      policy: gate.policy,
      gate,
      ...(approve === undefined ? {} : { approve }),
      ...(maxFileBytes === undefined ? {} : { maxFileBytes }),
    });
  };

  server.setRequestHandler('tools/list', async (_request, ctx) => {
    const tools = await buildTools(ctx);
    // An MCP client's model has no catalog of its own: the skills it may use ride on use_skill.
    const catalog = withCatalog
      ? await renderToolCatalog(await resolveSkillsMcpGate(policy, requestInfoOf(ctx), registry))
      : '';
    return {
      tools: tools.map((tool) =>
        tool.name === 'use_skill' && catalog !== ''
          ? toMcpTool({ ...tool, description: `${tool.description}\n\n${catalog}` })
          : toMcpTool(tool),
      ),
    };
  });

  server.setRequestHandler('tools/call', async (request, ctx) => {
    const tools = await buildTools(ctx);
    const { name, arguments: input = {} } = request.params;
    const tool = tools.find((candidate) => candidate.name === name);
    if (tool === undefined) {
      const suggestions = closestNames(
        name,
        tools.map((candidate) => candidate.name),
      );
      const hint =
        suggestions.length === 0
          ? ''
          : ` Did you mean ${suggestions.map((each) => JSON.stringify(each)).join(', ')}?`;
      return errorResult(`Error: Unknown tool ${JSON.stringify(name)}.${hint}`);
    }
    // Bad input is a tool result with isError (SEP-1303), so the model can read it and retry.
    const result = await tool.execute(input);
    if (name === 'use_skill') {
      const used = result.ok
        ? (result.data as UseSkillData | undefined)?.activation?.name
        : undefined;
      const skill = used ?? input.skill;
      if (typeof skill === 'string') {
        const outcome = result.ok ? 'ok' : result.error.code;
        onSkillUse?.({ skill, entryPoint: 'mcp_tool', outcome }, requestInfoOf(ctx));
      }
    }
    const callResult: CallToolResult = {
      content: [{ type: 'text', text: formatToolResult(result) }],
    };
    if (!result.ok) callResult.isError = true;
    return callResult;
  });
}

/** The catalog of the skills the model may use (core's, within the default budget), for use_skill's description. */
async function renderToolCatalog(gate: PolicyGate): Promise<string> {
  // Loaded on the first tools/list, like the tools, so `initialize` stays fast (decision 0093).
  const { renderCatalog } = await import('@skillset/core');
  const entries = await gate.list('catalog');
  return renderCatalog({
    skills: entries.map((entry) => ({ name: entry.name, description: entry.description })),
    mode: 'stable',
  }).text.trimEnd();
}

function errorResult(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

function toMcpTool(tool: SkillTool): Tool {
  return {
    name: tool.name,
    description: tool.description,
    // Core's schema is JSON Schema of an object; the SDK's type is narrower only in its TypeScript shape.
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    annotations: { readOnlyHint: true, openWorldHint: false },
  };
}
