import { SkillsMcpServer, type SkillsMcpServerOptions } from './skills-mcp-server.ts';

/**
 * Creates the MCP server of a skill registry (DESIGN.md §10): tools `use_skill`, `search_skills`,
 * `read_skill_file`, one prompt per user-invocable skill, `skill://` resources, and `list_changed`
 * notifications; every list and call is decided by core's policy. Connect it to any transport.
 */
export function createSkillsMcpServer(options: SkillsMcpServerOptions): SkillsMcpServer {
  return new SkillsMcpServer(options);
}
