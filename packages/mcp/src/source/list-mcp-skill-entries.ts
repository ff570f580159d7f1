import { ProtocolError, SdkError, SdkErrorCode } from '@modelcontextprotocol/client';
import { SKILLS_EXTENSION_ID } from '@modelcontextprotocol/client/ext/skills';
import type { SkillSourceIssue } from '@skillset/core';
import type { ConnectMcpSkillServerResult } from './connect-mcp-skill-server.ts';
import { type McpSkillEntry, readMcpSkillEntry } from './read-mcp-skill-entry.ts';

/** The most skills Skillset lists from one server; the rest are reported, not silently dropped. */
export const MAX_MCP_SKILLS = 10_000;

/** Options for {@link listMcpSkillEntries}. */
export interface ListMcpSkillEntriesOptions {
  connection: ConnectMcpSkillServerResult;
  label: string;
  timeoutMs: number;
  /** Builds a source issue (the source adds where it comes from). */
  issue: (
    code: SkillSourceIssue['code'],
    severity: SkillSourceIssue['severity'],
    message: string,
  ) => SkillSourceIssue;
}

/** Entries Skillset can hold, and what was wrong with the rest of the listing. */
export interface ListMcpSkillEntriesResult {
  entries: McpSkillEntry[];
  issues: SkillSourceIssue[];
}

const UNREACHABLE_CODES: ReadonlySet<string> = new Set([
  SdkErrorCode.RequestTimeout,
  SdkErrorCode.ConnectionClosed,
  SdkErrorCode.SendFailed,
  SdkErrorCode.NotConnected,
]);

/**
 * Walks `skills/list` through the SDK's `SkillsClient` (every page, each entry checked by the
 * extension's rules) and keeps what Skillset can name; an invalid entry is a warning, a failed
 * listing one error issue and no entries.
 */
export async function listMcpSkillEntries(
  options: ListMcpSkillEntriesOptions,
): Promise<ListMcpSkillEntriesResult> {
  const { connection, label, issue } = options;
  const { target } = connection;
  if (!connection.skills.supported) {
    return {
      entries: [],
      issues: [
        issue(
          'mcp_skills_unsupported',
          'error',
          `MCP server "${label}" (${target}) does not declare the Skills extension (${SKILLS_EXTENSION_ID}), so it serves no skills; remove it from mcpServers or upgrade the server.`,
        ),
      ],
    };
  }
  let listing: Awaited<ReturnType<typeof connection.skills.list>>;
  try {
    listing = await connection.skills.list({}, { timeout: options.timeoutMs });
  } catch (error) {
    const unreachable =
      error instanceof SdkError
        ? UNREACHABLE_CODES.has(error.code)
        : !(error instanceof ProtocolError);
    return {
      entries: [],
      issues: [
        issue(
          unreachable ? 'mcp_server_unreachable' : 'mcp_malformed_response',
          'error',
          `MCP server "${label}" (${target}): skills/list failed: ${(error as Error).message}`,
        ),
      ],
    };
  }
  const found: SkillSourceIssue[] = listing.invalid.map((invalid) =>
    issue(
      'mcp_malformed_response',
      'warning',
      `MCP server "${label}": skills/list item ${invalid.index + 1}${invalid.uri === undefined ? '' : ` (${invalid.uri})`} was skipped: ${invalid.reason}.`,
    ),
  );
  let skills = listing.skills;
  if (skills.length > MAX_MCP_SKILLS) {
    found.push(
      issue(
        'scan_skill_limit',
        'warning',
        `MCP server "${label}" lists ${skills.length} skills, more than ${MAX_MCP_SKILLS}; the first ${MAX_MCP_SKILLS} are used.`,
      ),
    );
    skills = skills.slice(0, MAX_MCP_SKILLS);
  }
  const entries: McpSkillEntry[] = [];
  for (const skill of skills) {
    const read = readMcpSkillEntry(skill);
    if (read.success) entries.push(read.entry);
    else {
      found.push(
        issue('mcp_malformed_response', 'warning', `MCP server "${label}": ${read.message}.`),
      );
    }
  }
  return { entries, issues: found };
}
