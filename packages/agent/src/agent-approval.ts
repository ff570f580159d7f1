import type { ApprovalRequest } from '@skillset/core';

/** What a person is asked to approve: a skill a permission rule marks `ask`, or a tool that needs approval. */
export type AgentApprovalRequest =
  | ({ kind: 'skill' } & ApprovalRequest)
  | { kind: 'tool'; tool: string; input: unknown };

/** Asks a person; resolves true when approved. Without one, everything that needs approval is refused. */
export type AgentApproveFunction = (request: AgentApprovalRequest) => boolean | Promise<boolean>;

/** One line that says what is asked, for a terminal prompt or a log. */
export function describeApprovalRequest(request: AgentApprovalRequest): string {
  if (request.kind === 'skill') {
    return `Use skill ${request.skill} (a permission rule asks for approval)?`;
  }
  const input = JSON.stringify(request.input) ?? '';
  const shown = input.length > 200 ? `${input.slice(0, 199)}…` : input;
  return `Run tool ${request.tool} with ${shown}?`;
}
