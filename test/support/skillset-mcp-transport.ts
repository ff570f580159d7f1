import { join } from 'node:path';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { skillsetBin } from './skillset-bin.ts';

/** Options for {@link createSkillsetMcpTransport}. */
export interface SkillsetMcpTransportOptions {
  /** Arguments after `skillset mcp`, e.g. `['--dir', folder]`. */
  args?: string[];
  /** The folder the server runs in (its project). */
  cwd: string;
  /** The user's HOME; the caches and config live below it. */
  home: string;
}

/** A stdio transport that spawns `skillset mcp` as an MCP client configuration would. */
export function createSkillsetMcpTransport(options: SkillsetMcpTransportOptions) {
  return new StdioClientTransport({
    command: skillsetBin,
    args: ['mcp', ...(options.args ?? [])],
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: options.home,
      XDG_CACHE_HOME: join(options.home, 'cache'),
      XDG_CONFIG_HOME: join(options.home, 'config'),
      NO_COLOR: '1',
    },
    stderr: 'pipe',
  });
}
