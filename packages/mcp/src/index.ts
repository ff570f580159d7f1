export {
  createSkillsMcpHttpHandler,
  type SkillsMcpHttpHandler,
  type SkillsMcpHttpHandlerOptions,
  type SkillsMcpPrincipal,
  SSE_RETRY_MS,
} from './create-skills-mcp-http-handler.ts';
export {
  createSkillsMcpServer,
  type ServeSkillsMcpStdioOptions,
  serveSkillsMcpStdio,
} from './create-skills-mcp-server.ts';
export {
  ARGUMENTS_PROMPT_ARGUMENT,
  describePromptArguments,
} from './describe-prompt-arguments.ts';
export {
  type DescribeResourceContentOptions,
  describeResourceContent,
  type ResourceContent,
} from './describe-resource-content.ts';
export { MODERN_PROTOCOL_VERSION } from './protocol-versions.ts';
export {
  MAX_COMPLETION_VALUES,
  type RegisterCompletionsOptions,
  registerCompletions,
} from './register-completions.ts';
export {
  parseSkillResourceUri,
  SKILL_RESOURCE_TEMPLATE,
  type SkillResourceAddress,
  skillResourceAddresses,
  skillResourceUri,
} from './skill-resource-uri.ts';
export { SKILL_SIGNATURE_META_KEY } from './skill-signature-meta-key.ts';
export {
  createGatedSkillSource,
  DEFAULT_SKILLS_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  type GatedSkillSourceOptions,
} from './skills-extension/create-gated-skill-source.ts';
export {
  type DescribeSkillEntryOptions,
  type DescribeSkillEntryResult,
  describeSkillEntry,
  SKILL_ORIGIN_META_KEY,
  skillEntryUri,
} from './skills-extension/describe-skill-entry.ts';
export {
  type ListDirectoryChildrenOptions,
  listDirectoryChildren,
} from './skills-extension/list-directory-children.ts';
export {
  type ReadVerbatimFrontmatterResult,
  readVerbatimFrontmatter,
} from './skills-extension/read-verbatim-frontmatter.ts';
export { sha256Digest } from './skills-extension/sha256-digest.ts';
export {
  resolveSkillsMcpGate,
  type SkillsMcpAccess,
  type SkillsMcpPolicy,
  type SkillsMcpRequestInfo,
} from './skills-mcp-policy.ts';
export {
  SKILLS_MCP_SERVER_VERSION,
  SkillsMcpServer,
  type SkillsMcpServerOptions,
} from './skills-mcp-server.ts';
export type { SkillsMcpSkillUse, SkillsMcpSkillUseListener } from './skills-mcp-skill-use.ts';
export {
  createMcpSkillSource,
  DEFAULT_MCP_SKILL_TIMEOUT_MS,
  describeSkillFile,
  digestMcpSkillManifest,
  MAX_MCP_SKILLS,
  type McpSkillManifest,
  type McpSkillSourceOptions,
} from './source/index.ts';
export { DEFAULT_LIST_CHANGED_DELAY_MS } from './watch-list-changes.ts';
