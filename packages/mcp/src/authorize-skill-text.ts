import { ProtocolError, ProtocolErrorCode } from '@modelcontextprotocol/server';
import type { ApproveFunction, PolicyGate, SkillEntry, SkillEntryPoint } from '@skillset/core';

/** Options for {@link authorizeSkillText}. */
export interface AuthorizeSkillTextOptions {
  gate: PolicyGate;
  /** The skill's exact name, as found through the gate. */
  name: string;
  entryPoint: SkillEntryPoint;
  /** The MCP method that would hand out the text, for the question and the refusal. */
  tool: string;
  /** Asks the client's user where a rule says `ask`; without it such a skill is refused. */
  approve?: ApproveFunction | undefined;
}

/**
 * The entry whose text (its body or a file) may reach this request, through the gate's
 * `authorize`: where a rule says `ask`, the client's user is asked, and with nobody to ask the
 * request is refused with InvalidParams and `data.code` `approval_required` naming the skill
 * (docs/decisions/0140). Undefined for a name the policy refuses, like an unknown one.
 */
export async function authorizeSkillText(
  options: AuthorizeSkillTextOptions,
): Promise<SkillEntry | undefined> {
  const { name, entryPoint, tool, approve } = options;
  const gate = approve === undefined ? options.gate : options.gate.withApprove(approve);
  const gated = await gate.authorize(name, entryPoint, tool);
  if (gated.ok) return gated.entry;
  const { code, message } = gated.failure.error;
  if (code === 'unknown_skill') return undefined;
  const hint =
    code === 'approval_required'
      ? ' Use it from a client that lets its user approve (2025-era MCP with elicitation), or ask an admin to change the "ask" rule.'
      : '';
  throw new ProtocolError(ProtocolErrorCode.InvalidParams, `${message}${hint}`, {
    code,
    skill: name,
  });
}
