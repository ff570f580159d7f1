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
export {
  MAX_COMPLETION_VALUES,
  type RegisterCompletionsOptions,
  registerCompletions,
} from './register-completions.ts';
export { RESOURCE_NOT_FOUND, RESOURCE_PAGE_SKILLS } from './register-skill-resources.ts';
export {
  parseSkillResourceUri,
  SKILL_RESOURCE_TEMPLATE,
  type SkillResourceAddress,
  skillResourceUri,
} from './skill-resource-uri.ts';
export {
  type DescribeSkillEntryOptions,
  type DescribeSkillEntryResult,
  describeSkillEntry,
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
export {
  DEFAULT_SKILLS_PAGE_SIZE,
  DIRECTORY_PAGE_SIZE,
  type RegisterSkillsExtensionOptions,
  registerSkillsExtension,
  SKILLS_TTL_MS,
} from './skills-extension/register-skills-extension.ts';
export { sha256Digest } from './skills-extension/sha256-digest.ts';
export {
  DIRECTORY_MIME_TYPE,
  DIRECTORY_READ_METHOD,
  type DirectoryChild,
  DirectoryChildSchema,
  GetSkillRequestSchema,
  type GetSkillResult,
  GetSkillResultSchema,
  LEFT_OUT_SKILLS_META_KEY,
  type LeftOutSkill,
  LeftOutSkillSchema,
  ListSkillsRequestSchema,
  type ListSkillsResult,
  ListSkillsResultSchema,
  MAX_SKILL_RESOURCES,
  MAX_SKILL_TOTAL_BYTES,
  ReadResourceDirectoryRequestSchema,
  type ReadResourceDirectoryResult,
  ReadResourceDirectoryResultSchema,
  SKILLS_EXTENSION_ID,
  SKILLS_GET_METHOD,
  SKILLS_LIST_METHOD,
  type Skill,
  type SkillResource,
  SkillResourceSchema,
  SkillSchema,
} from './skills-extension/skills-extension-schemas.ts';
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
export {
  createMcpSkillSource,
  DEFAULT_MCP_SKILL_TIMEOUT_MS,
  describeSkillFile,
  MAX_MCP_SKILLS,
  type McpSkillSourceOptions,
} from './source/index.ts';
export { DEFAULT_LIST_CHANGED_DELAY_MS } from './watch-list-changes.ts';
