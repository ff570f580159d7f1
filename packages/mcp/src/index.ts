export {
  createSkillsMcpHttpHandler,
  type SkillsMcpHttpHandler,
  type SkillsMcpHttpHandlerOptions,
  type SkillsMcpPrincipal,
} from './create-skills-mcp-http-handler.ts';
export { createSkillsMcpServer } from './create-skills-mcp-server.ts';
export {
  ARGUMENTS_PROMPT_ARGUMENT,
  describePromptArguments,
} from './describe-prompt-arguments.ts';
export {
  type DescribeResourceContentOptions,
  describeResourceContent,
  type ResourceContent,
} from './describe-resource-content.ts';
export { RESOURCE_NOT_FOUND, RESOURCE_PAGE_SKILLS } from './register-skill-resources.ts';
export {
  parseSkillResourceUri,
  SKILL_RESOURCE_TEMPLATE,
  type SkillResourceAddress,
  skillResourceUri,
} from './skill-resource-uri.ts';
export {
  resolveSkillsMcpPolicy,
  type SkillsMcpPolicy,
  type SkillsMcpRequestInfo,
} from './skills-mcp-policy.ts';
export {
  SKILLS_MCP_SERVER_VERSION,
  SkillsMcpServer,
  type SkillsMcpServerOptions,
} from './skills-mcp-server.ts';
export {
  createMcpSkillSource,
  DEFAULT_MCP_SKILL_TIMEOUT_MS,
  describeSkillFile,
  MAX_MCP_SKILLS,
  type McpSkillSourceOptions,
  SKILLS_EXTENSION_ID,
} from './source/index.ts';
export { DEFAULT_LIST_CHANGED_DELAY_MS } from './watch-list-changes.ts';
