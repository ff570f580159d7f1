import type { AvailableTool } from '@skillset/core';
import { asSchema, type ToolExecutionOptions, type ToolSet } from 'ai';
import type { AgentApproveFunction } from './agent-approval.ts';
import { matchesToolPatterns } from './tool-patterns.ts';

/** Options for {@link guardHostTools}. */
export interface GuardHostToolsOptions {
  tools: ToolSet;
  /** Tools that need a person's approval before each call. */
  approvalTools: readonly string[];
  approve: AgentApproveFunction | undefined;
  /** The `allowed-tools` entries in force now (active skills'): they approve in advance. */
  preApproved: () => Promise<readonly string[]>;
}

/**
 * Wraps the host's tools that need approval: each call asks unless an active skill's
 * `allowed-tools` names the tool; a refusal is returned to the model as the tool's result.
 */
export function guardHostTools(options: GuardHostToolsOptions): ToolSet {
  const { tools, approvalTools, approve, preApproved } = options;
  const guarded: ToolSet = {};
  for (const [name, tool] of Object.entries(tools)) {
    const { execute } = tool;
    if (execute === undefined || !matchesToolPatterns(name, approvalTools)) {
      guarded[name] = tool;
      continue;
    }
    guarded[name] = {
      ...tool,
      execute: async (input: unknown, execution: ToolExecutionOptions<never>) => {
        if (!matchesToolPatterns(name, await preApproved())) {
          const approved =
            approve === undefined ? false : await approve({ kind: 'tool', tool: name, input });
          if (!approved) {
            return `Not run: ${approve === undefined ? "the tool needs a person's approval and none can be asked here" : 'the person declined this call'}. Tell the user, or do the task another way.`;
          }
        }
        return (execute as (input: unknown, execution: ToolExecutionOptions<never>) => unknown)(
          input,
          execution,
        );
      },
    } as ToolSet[string];
  }
  return guarded;
}

/** The host's tools as `tool-dispatch` targets (DESIGN.md §8): name, JSON Schema and a runner. */
export async function toAvailableTools(tools: ToolSet): Promise<AvailableTool[]> {
  const available: AvailableTool[] = [];
  for (const [name, tool] of Object.entries(tools)) {
    const { execute } = tool;
    if (execute === undefined) continue;
    const inputSchema = (await asSchema(tool.inputSchema)
      .jsonSchema) as AvailableTool['inputSchema'];
    available.push({
      name,
      inputSchema,
      execute: (input) =>
        (execute as (input: unknown, execution: ToolExecutionOptions<never>) => unknown)(input, {
          toolCallId: `dispatch-${name}`,
          messages: [],
        } as unknown as ToolExecutionOptions<never>),
    });
  }
  return available;
}
