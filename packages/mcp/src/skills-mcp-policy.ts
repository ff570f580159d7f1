import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type { PolicyContext } from '@skillset/core';

/** What the server knows about the request a policy is resolved for. */
export interface SkillsMcpRequestInfo {
  /** The validated credentials of an HTTP request, when the transport passed them. */
  authInfo?: AuthInfo;
}

/** Who asks and the rules that apply: a fixed context, or one resolved for each request. */
export type SkillsMcpPolicy =
  | PolicyContext
  | ((request: SkillsMcpRequestInfo) => PolicyContext | Promise<PolicyContext>);

/** Resolves the policy context that applies to one request. */
export async function resolveSkillsMcpPolicy(
  policy: SkillsMcpPolicy,
  request: SkillsMcpRequestInfo,
): Promise<PolicyContext> {
  return typeof policy === 'function' ? policy(request) : policy;
}
