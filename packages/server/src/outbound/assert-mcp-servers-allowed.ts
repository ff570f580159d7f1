import { SkillsetError } from '@skillset/core';
import type { WorkspaceMcpServer } from '@skillset/store';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { checkOutboundUrl } from './check-outbound-url.ts';
import { ALLOWED_MCP_HEADERS, type McpSourcePolicy } from './mcp-source-policy.ts';

function notAllowed(message: string): SkillsetError<ServerErrorCode> {
  return new SkillsetError<ServerErrorCode>({ code: 'mcp_server_not_allowed', message });
}

/**
 * Refuses (400 `mcp_server_not_allowed`) MCP servers a workspace may not name: a host the instance
 * does not allow, an internal address, or headers other than authentication.
 */
export async function assertMcpServersAllowed(
  servers: Readonly<Record<string, WorkspaceMcpServer>>,
  policy: McpSourcePolicy,
): Promise<void> {
  for (const [label, server] of Object.entries(servers)) {
    const other = Object.keys(server.headers ?? {}).find(
      (name) => !ALLOWED_MCP_HEADERS.includes(name.toLowerCase()),
    );
    if (other !== undefined) {
      throw notAllowed(
        `MCP server "${label}": the header ${JSON.stringify(other)} is not sent; only authentication headers are (${ALLOWED_MCP_HEADERS.join(', ')}).`,
      );
    }
    const refusal = await checkOutboundUrl(server.url, policy);
    if (refusal !== undefined) throw notAllowed(`MCP server "${label}": ${refusal}.`);
  }
}
