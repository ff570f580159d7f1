import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import { runNamedTool } from '../tools/run-named-tool.ts';
import type { SkillTool, SkillToolResult } from '../tools/skill-tool.ts';
import { formatToolResult } from '../tools/tool-result.ts';

/** Adapts skill tools to OpenAI Chat Completions function tools (the `tools` request option). */
export function toOpenAiTools(tools: readonly SkillTool[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.inputSchema,
    },
  }));
}

/** The result of {@link runOpenAiToolCall}: the `tool` message to send back and the structured result. */
export interface OpenAiToolCallResult {
  message: ChatCompletionToolMessageParam;
  result: SkillToolResult;
}

/** Runs one function tool call of an assistant message and builds the `tool` message answering it. */
export async function runOpenAiToolCall(
  tools: readonly SkillTool[],
  call: ChatCompletionMessageFunctionToolCall,
): Promise<OpenAiToolCallResult> {
  const result = await runNamedTool(tools, call.function.name, () =>
    JSON.parse(call.function.arguments === '' ? '{}' : call.function.arguments),
  );
  return {
    message: { role: 'tool', tool_call_id: call.id, content: formatToolResult(result) },
    result,
  };
}
