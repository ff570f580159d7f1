export {
  type ConnectMcpSkillServerOptions,
  type ConnectMcpSkillServerResult,
  connectMcpSkillServer,
} from './connect-mcp-skill-server.ts';
export {
  createMcpSkillSource,
  DEFAULT_MCP_SKILL_TIMEOUT_MS,
  MAX_MCP_SKILLS,
  type McpSkillSourceOptions,
} from './create-mcp-skill-source.ts';
export { qualifyMcpSkillNames } from './qualify-mcp-skill-names.ts';
export {
  type McpSkillEntry,
  type ReadMcpSkillEntryResult,
  readMcpSkillEntry,
} from './read-mcp-skill-entry.ts';
export {
  describeSkillFile,
  findFrontmatterDifference,
  matchesSkillResource,
  type SkillFileFacts,
} from './verify-skill-file.ts';
