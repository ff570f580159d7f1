import type { RememberingApprovalAnswer, RememberingApprovalRequest } from '@skillset/core';

/**
 * What a person is asked to approve: a skill a permission rule marks `ask` (with `changed` when
 * an approval given "always" was revoked because the skill changed), or a tool that needs approval.
 */
export type AgentApprovalRequest =
  | ({ kind: 'skill' } & RememberingApprovalRequest)
  | { kind: 'tool'; tool: string; input: unknown };

/**
 * Asks a person; resolves true when approved, or `always` to approve a skill's use or script for
 * as long as its content stays the same (kept only when the agent has remembered approvals).
 * Without one, everything that needs approval is refused.
 */
export type AgentApproveFunction = (
  request: AgentApprovalRequest,
) => RememberingApprovalAnswer | Promise<RememberingApprovalAnswer>;

/** One line that says what is asked, for a terminal prompt or a log. */
export function describeApprovalRequest(request: AgentApprovalRequest): string {
  if (request.kind === 'skill' && request.changed === true) {
    const { changed: _changed, ...asked } = request;
    return `Skill ${request.skill} changed since you approved it always, so that approval no longer holds. ${describeApprovalRequest(asked)}`;
  }
  if (request.kind === 'skill' && request.script !== undefined) {
    const { path, args, network, secrets = [] } = request.script;
    const given = args.length === 0 ? '' : ` ${shorten(JSON.stringify(args))}`;
    const extras = [
      ...(network ? ['network access'] : []),
      ...(secrets.length === 0
        ? []
        : [`the secret${secrets.length === 1 ? '' : 's'} ${secrets.join(', ')}`]),
    ];
    const where =
      extras.length === 0 ? 'in the sandbox' : `in the sandbox, with ${extras.join(' and ')}`;
    return `Run ${path}${given} of skill ${request.skill} ${where}?`;
  }
  if (request.kind === 'skill') {
    return `Use skill ${request.skill} (a permission rule asks for approval)?`;
  }
  return `Run tool ${request.tool} with ${shorten(JSON.stringify(request.input) ?? '')}?`;
}

function shorten(text: string): string {
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}
