import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { SkillsMcpRequestInfo } from './skills-mcp-policy.ts';

/** The parts of the SDK's per-request context the skill handlers read. */
export interface RequestExtra {
  requestId: RequestId;
  authInfo?: AuthInfo;
}

/** What a policy function learns about a request. */
export function toRequestInfo(extra: RequestExtra): SkillsMcpRequestInfo {
  return extra.authInfo === undefined ? {} : { authInfo: extra.authInfo };
}
