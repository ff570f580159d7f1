export {
  type ConnectMcpSkillServerOptions,
  type ConnectMcpSkillServerResult,
  connectMcpSkillServer,
  MAX_MCP_SKILL_LIST_PAGES,
  MIN_HANDSHAKE_TIMEOUT_MS,
} from './connect-mcp-skill-server.ts';
export {
  createMcpSkillSource,
  DEFAULT_MCP_SKILL_TIMEOUT_MS,
  type McpSkillSourceOptions,
} from './create-mcp-skill-source.ts';
export { describeSkillFile, type SkillFileFacts } from './describe-skill-file.ts';
export { digestMcpSkillManifest, type McpSkillManifest } from './digest-mcp-skill-manifest.ts';
export {
  type ListMcpSkillEntriesOptions,
  type ListMcpSkillEntriesResult,
  listMcpSkillEntries,
  MAX_MCP_SKILLS,
} from './list-mcp-skill-entries.ts';
export {
  type QualifyMcpSkillNamesResult,
  qualifyMcpSkillNames,
  servedMcpSkillName,
} from './qualify-mcp-skill-names.ts';
export {
  type McpSkillEntry,
  type ReadMcpSkillEntryResult,
  readMcpSkillEntry,
} from './read-mcp-skill-entry.ts';
export {
  type ReadMcpSkillFileOptions,
  type ReadMcpSkillFileResult,
  readMcpSkillFile,
} from './read-mcp-skill-file.ts';
export {
  type ReviewMcpAllowedToolsOptions,
  type ReviewMcpAllowedToolsResult,
  reviewMcpAllowedTools,
} from './review-mcp-allowed-tools.ts';
