import type { AuthInfo } from '@modelcontextprotocol/server';
import type { PolicyContext, PolicyGate, SkillRegistry } from '@skillset/core';
import { createPolicyGate } from '@skillset/core/serving';

/** What the server knows about the request a policy is resolved for. */
export interface SkillsMcpRequestInfo {
  /** The validated credentials of an HTTP request, when the transport passed them. */
  authInfo?: AuthInfo;
}

/** Who asks and the rules that apply: a policy context, or the host's own policy gate. */
export type SkillsMcpAccess = PolicyContext | PolicyGate;

/** The access of every request, or a function resolving it for each request. */
export type SkillsMcpPolicy =
  | SkillsMcpAccess
  | ((request: SkillsMcpRequestInfo) => SkillsMcpAccess | Promise<SkillsMcpAccess>);

function isPolicyGate(access: SkillsMcpAccess): access is PolicyGate {
  return typeof (access as PolicyGate).authorize === 'function';
}

/** The gate that decides one request: the host's, or core's over the registry and a context. */
export async function resolveSkillsMcpGate(
  policy: SkillsMcpPolicy,
  request: SkillsMcpRequestInfo,
  registry: SkillRegistry,
): Promise<PolicyGate> {
  const access = typeof policy === 'function' ? await policy(request) : policy;
  return isPolicyGate(access) ? access : createPolicyGate({ registry, policy: access });
}
