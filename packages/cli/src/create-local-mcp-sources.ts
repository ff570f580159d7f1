import type { SkillSource } from '@skillset/core';
import type { LoadPolicyConfigResult } from '@skillset/core/node';
import type { Terminal } from './output/terminal.ts';

/** The variable that counts how deep `skillset` processes started one another as MCP skill servers. */
export const MCP_DEPTH_VARIABLE = 'SKILLSET_MCP_DEPTH';

/** How deep a chain of `skillset` processes serving each other may go before they stop connecting. */
export const MAX_MCP_DEPTH = 3;

/**
 * Creates a source for each MCP server of the local config (`mcpServers` in `skillset.json` or the
 * user config): project servers in scope `project`, the user's in `personal`. A `skillset` started
 * by another as a stdio server counts the depth, so a config that names itself cannot loop.
 */
export async function createLocalMcpSources(
  terminal: Terminal,
  loaded: LoadPolicyConfigResult,
): Promise<SkillSource[]> {
  const servers = Object.entries(loaded.config.mcpServers ?? {});
  if (servers.length === 0) return [];
  const depth = Number(terminal.env[MCP_DEPTH_VARIABLE] ?? '0') || 0;
  if (depth >= MAX_MCP_DEPTH) {
    terminal.stderr.write(
      `skillset: warning: not connecting to the ${servers.length} MCP skill server(s) of the config: this skillset was started ${depth} levels deep by others (does an mcpServers entry start this same project?).\n`,
    );
    return [];
  }
  // The MCP client loads only for a config that names servers, so plain commands stay light.
  const { createMcpSkillSource } = await import('@skillset/mcp');
  return servers.map(([label, server]) =>
    createMcpSkillSource({
      label,
      scope: loaded.project?.mcpServers?.[label] === undefined ? 'personal' : 'project',
      server:
        server.command === undefined
          ? server
          : { ...server, env: { ...server.env, [MCP_DEPTH_VARIABLE]: String(depth + 1) } },
      env: terminal.env,
      cwd: terminal.cwd,
    }),
  );
}
