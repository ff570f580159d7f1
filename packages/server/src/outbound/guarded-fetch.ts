import { SkillsetError } from '@skillset/core';
import type { ServerErrorCode } from '../http/server-error-code.ts';
import { checkOutboundUrl } from './check-outbound-url.ts';
import type { McpSourcePolicy } from './mcp-source-policy.ts';

/**
 * `fetch` for outbound MCP requests: each request's host is checked against the policy when it is
 * made (after DNS, so a changed record is caught), and redirects are refused (they could lead inside).
 */
export function createGuardedFetch(policy: McpSourcePolicy): typeof fetch {
  return async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const refusal = await checkOutboundUrl(url, policy);
    if (refusal !== undefined) {
      throw new SkillsetError<ServerErrorCode>({
        code: 'mcp_server_not_allowed',
        message: `The server does not call ${url}: ${refusal}.`,
      });
    }
    return fetch(input, { ...init, redirect: 'error' });
  };
}
