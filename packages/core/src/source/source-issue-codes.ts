/** Every stable issue code a skill source reports about itself; codes are added, never renamed. */
export const SOURCE_ISSUE_CODES = [
  'source_root_missing',
  'source_root_not_directory',
  'scan_skill_limit',
  'scan_depth_limit',
  'unreadable_folder',
  'index_cache_write_failed',
  'mcp_server_unreachable',
  'mcp_skills_unsupported',
  'mcp_malformed_response',
  'mcp_skill_refused',
  'mcp_allowed_tools_unapproved',
  'mcp_allowed_tools_approval_stale',
] as const;

/** A stable snake_case issue code of skill sources. */
export type SourceIssueCode = (typeof SOURCE_ISSUE_CODES)[number];
