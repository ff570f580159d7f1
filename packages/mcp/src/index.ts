export {
  createSkillsMcpHttpHandler,
  type SkillsMcpHttpHandler,
  type SkillsMcpHttpHandlerOptions,
  type SkillsMcpPrincipal,
} from './create-skills-mcp-http-handler.ts';
export type { SkillsMcpSkillUse } from './skills-mcp-skill-use.ts';
export { createMcpSkillSource, type McpSkillSourceOptions } from './source/index.ts';
