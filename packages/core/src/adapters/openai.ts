import type {
  ChatCompletionFunctionTool,
  ChatCompletionMessageFunctionToolCall,
  ChatCompletionToolMessageParam,
} from 'openai/resources/chat/completions';
import type {
  FunctionTool,
  ResponseFunctionToolCall,
  ResponseInputItem,
} from 'openai/resources/responses/responses';
import { runNamedTool } from '../tools/run-named-tool.ts';
import type { SkillTool, SkillToolResult } from '../tools/skill-tool.ts';
import { formatToolResult } from '../tools/tool-result.ts';

/**
 * Adapts skill tools to OpenAI Chat Completions function tools (the `tools` request option): the
 * strict schema with `strict: true` where the tool has one (every core tool; a dispatch wrapper
 * whose target's schema can be made strict), else the plain schema.
 */
export function toOpenAiTools(tools: readonly SkillTool[]): ChatCompletionFunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: tool.strictInputSchema ?? tool.inputSchema,
      strict: tool.strictInputSchema !== undefined,
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
    parseArguments(call.function.arguments),
  );
  return {
    message: { role: 'tool', tool_call_id: call.id, content: formatToolResult(result) },
    result,
  };
}

/** Adapts skill tools to OpenAI Responses API function tools (`client.responses.create({ tools })`), strict as {@link toOpenAiTools}. */
export function toOpenAiResponsesTools(tools: readonly SkillTool[]): FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    description: tool.description,
    parameters: tool.strictInputSchema ?? tool.inputSchema,
    strict: tool.strictInputSchema !== undefined,
  }));
}

/** The result of {@link runOpenAiResponsesToolCall}: the input item answering the call and the structured result. */
export interface OpenAiResponsesToolCallResult {
  output: ResponseInputItem.FunctionCallOutput;
  result: SkillToolResult;
}

/** Runs one `function_call` output item of a response and builds the `function_call_output` input item answering it. */
export async function runOpenAiResponsesToolCall(
  tools: readonly SkillTool[],
  call: ResponseFunctionToolCall,
): Promise<OpenAiResponsesToolCallResult> {
  const result = await runNamedTool(tools, call.name, () => parseArguments(call.arguments));
  return {
    output: {
      type: 'function_call_output',
      call_id: call.call_id,
      output: formatToolResult(result),
    },
    result,
  };
}

function parseArguments(text: string): unknown {
  return JSON.parse(text === '' ? '{}' : text);
}
