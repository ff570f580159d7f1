import { ProtocolError } from '@modelcontextprotocol/server';
import { SkillsetError } from '@skillset/core/serving';
import type { SkillsMcpRequestInfo } from './skills-mcp-policy.ts';

/** One attempt to use a skill through MCP (a `use_skill` call or a `prompts/get`), for the host's usage records. */
export interface SkillsMcpSkillUse {
  /** The skill's name, or the name asked for when no skill the principal may use has it. */
  skill: string;
  entryPoint: 'mcp_tool' | 'mcp_prompt';
  /**
   * `ok`, or the error code of the failed attempt: `unknown_skill` for a prompt name the principal
   * has no skill of, `invalid_input` for a `use_skill` call the tool refused (an unknown or denied
   * name among them), `approval_required` or `approval_denied` for a skill an `ask` rule holds
   * back, the activation's code (`missing_argument`, …) or a thrown error's code.
   */
  outcome: string;
}

/** Hears of every attempt to use a skill through MCP; it must not throw. */
export type SkillsMcpSkillUseListener = (
  use: SkillsMcpSkillUse,
  request: SkillsMcpRequestInfo,
) => void;

/** The outcome a thrown error gives an attempt: its code (a protocol error's `data.code`), or `internal_error`. */
export function outcomeOfError(error: unknown): string {
  if (SkillsetError.isInstance(error)) return error.code;
  if (error instanceof ProtocolError) {
    const code = (error.data as { code?: unknown } | undefined)?.code;
    if (typeof code === 'string') return code;
  }
  return 'internal_error';
}
