import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/server';
import {
  type StdioServerHandle,
  StdioServerTransport,
  serveStdio,
} from '@modelcontextprotocol/server/stdio';
import { SkillsMcpServer, type SkillsMcpServerOptions } from './skills-mcp-server.ts';

/**
 * Creates the MCP server of a skill registry (DESIGN.md §10): tools `use_skill`, `search_skills`,
 * `read_skill_file`, one prompt per user-invocable skill, the Skills extension over `skill://`
 * resources, and `list_changed` notifications; every list and call is decided by core's policy.
 */
export function createSkillsMcpServer(options: SkillsMcpServerOptions): SkillsMcpServer {
  return new SkillsMcpServer(options);
}

/** Options for {@link serveSkillsMcpStdio}. */
export interface ServeSkillsMcpStdioOptions extends SkillsMcpServerOptions {
  stdin?: Readable;
  stdout?: Writable;
  /** Another transport of the same shape (an in-memory pair in tests); replaces stdin and stdout. */
  transport?: Transport;
  /** Called once, just after a client opened the connection (either era) and its answer went out. */
  onOpen?: () => void;
}

/**
 * Serves the skills MCP server on stdio in both protocol eras: a 2026-07-28 client opens with
 * `server/discover`, a 2025-era one with `initialize`; the SDK pins the connection to its era.
 */
export function serveSkillsMcpStdio(options: ServeSkillsMcpStdioOptions): StdioServerHandle {
  const { stdin, stdout, transport, onOpen, ...serverOptions } = options;
  let opened = false;
  return serveStdio(
    () => {
      if (!opened) {
        opened = true;
        // After the opening exchange's answer is written: the caller's work must not delay it.
        if (onOpen !== undefined) setTimeout(onOpen, 0);
      }
      return new SkillsMcpServer(serverOptions);
    },
    { transport: transport ?? new StdioServerTransport(stdin, stdout) },
  );
}
