import type { SourceIssueCode } from '@skillset/core';

/** Options for {@link reviewMcpAllowedTools}. */
export interface ReviewMcpAllowedToolsOptions {
  /** The server's label. */
  label: string;
  /** The skill's name on its server (`team:deploy`): the key of its approval. */
  servedName: string;
  /** The skill's name in Skillset (`edge:team:deploy`). */
  name: string;
  /** The skill's `allowed-tools`, as parsed. */
  allowedTools: readonly string[] | undefined;
  /** The entry's manifest digest now. */
  digest: string;
  /** The server's `approvedAllowedTools`. */
  approvals: Readonly<Record<string, string>> | undefined;
}

/** Whether a served skill keeps its `allowed-tools`, and what to tell the user when it does not. */
export interface ReviewMcpAllowedToolsResult {
  approved: boolean;
  issue?: { code: SourceIssueCode; message: string };
}

/**
 * Decides whether an MCP-served skill's `allowed-tools` are kept: only when the server's config
 * approves the skill at its current manifest digest. An approval of another digest is stale (the
 * skill changed since it was reviewed) and approves nothing.
 */
export function reviewMcpAllowedTools(
  options: ReviewMcpAllowedToolsOptions,
): ReviewMcpAllowedToolsResult {
  const { label, servedName, name, allowedTools, digest } = options;
  if (allowedTools === undefined || allowedTools.length === 0) return { approved: true };
  const approval = options.approvals?.[servedName];
  if (approval === digest) return { approved: true };
  const tools = allowedTools.join(', ');
  const line = `"approvedAllowedTools": { ${JSON.stringify(servedName)}: "${digest}" }`;
  if (approval === undefined) {
    return {
      approved: false,
      issue: {
        code: 'mcp_allowed_tools_unapproved',
        message: `MCP server "${label}": skill "${name}" has allowed-tools (${tools}), ignored until you approve them. Review the skill, then add to mcpServers."${label}" in your config: ${line}`,
      },
    };
  }
  return {
    approved: false,
    issue: {
      code: 'mcp_allowed_tools_approval_stale',
      message: `MCP server "${label}": skill "${name}" changed since its allowed-tools were approved (approved ${approval}, now ${digest}), so they (${tools}) are ignored again. Review the skill, then approve it again in mcpServers."${label}": ${line}`,
    },
  };
}
