import type {
  Tool,
  ToolResultBlockParam,
  ToolUseBlock,
} from '@anthropic-ai/sdk/resources/messages';
import { runNamedTool } from '../tools/run-named-tool.ts';
import type { SkillTool, SkillToolResult } from '../tools/skill-tool.ts';
import { formatToolResult } from '../tools/tool-result.ts';

/**
 * Adapts skill tools to Anthropic Messages tools (`{name, description, input_schema}`) with the
 * plain schema and without `strict`: Anthropic's strict mode rejects keywords the schemas use
 * (`minLength`, `minimum`, `maximum`).
 */
export function toAnthropicTools(tools: readonly SkillTool[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    input_schema: tool.inputSchema,
  }));
}

/** The result of {@link runAnthropicToolUse}: the `tool_result` block to send back and the structured result. */
export interface AnthropicToolUseResult {
  block: ToolResultBlockParam;
  result: SkillToolResult;
}

/** Runs one `tool_use` block and builds the `tool_result` block answering it (`is_error` on failure). */
export async function runAnthropicToolUse(
  tools: readonly SkillTool[],
  toolUse: Pick<ToolUseBlock, 'id' | 'name' | 'input'>,
): Promise<AnthropicToolUseResult> {
  const result = await runNamedTool(tools, toolUse.name, () => toolUse.input);
  const block: ToolResultBlockParam = {
    type: 'tool_result',
    tool_use_id: toolUse.id,
    content: formatToolResult(result),
    ...(result.ok ? {} : { is_error: true }),
  };
  return { block, result };
}
