import type { ServerContext } from '@modelcontextprotocol/server';
import type { SkillsMcpRequestInfo } from './skills-mcp-policy.ts';

/** What a policy function learns about a request: the credentials the HTTP host validated. */
export function requestInfoOf(ctx: ServerContext): SkillsMcpRequestInfo {
  const authInfo = ctx.http?.authInfo;
  return authInfo === undefined ? {} : { authInfo };
}
