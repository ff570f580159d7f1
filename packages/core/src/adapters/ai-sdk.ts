import { type JSONSchema7, jsonSchema, type Tool, tool } from 'ai';
import type { SkillTool, SkillToolResult } from '../tools/skill-tool.ts';
import { formatToolResult } from '../tools/tool-result.ts';

/** An AI SDK tool made from a skill tool: the input is unknown (validated by the skill tool itself). */
export type AiSdkSkillTool = Tool<unknown, SkillToolResult>;

/**
 * Adapts skill tools to the Vercel AI SDK: a record for the `tools` option of `generateText` or
 * `streamText`. Each tool's output keeps the structured result; the model reads its text, and a
 * failure reaches it as an error text.
 */
export function toAiSdkTools(tools: readonly SkillTool[]): Record<string, AiSdkSkillTool> {
  const record: Record<string, AiSdkSkillTool> = {};
  for (const skillTool of tools) {
    record[skillTool.name] = tool<unknown, SkillToolResult, Record<string, never>>({
      description: skillTool.description,
      inputSchema: jsonSchema<unknown>(skillTool.inputSchema as JSONSchema7),
      execute: (input) => skillTool.execute(input),
      toModelOutput: ({ output }: { output: SkillToolResult }) =>
        output.ok
          ? { type: 'text', value: output.text }
          : { type: 'error-text', value: formatToolResult(output) },
    });
  }
  return record;
}
