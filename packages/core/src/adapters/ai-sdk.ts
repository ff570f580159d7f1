import { type JSONSchema7, jsonSchema, type Tool, tool } from 'ai';
import type { SkillTool, SkillToolResult } from '../tools/skill-tool.ts';
import { formatToolResult } from '../tools/tool-result.ts';

/** An AI SDK tool made from a skill tool: the input is unknown (validated by the skill tool itself). */
export type AiSdkSkillTool = Tool<unknown, SkillToolResult>;

/** Options for {@link toAiSdkTools}. */
export interface AiSdkToolsOptions {
  /**
   * Send each tool's strict schema with `strict: true` (default); `false` sends the plain schema
   * without `strict`, for a provider whose strict mode takes fewer keywords (Anthropic's).
   */
  strict?: boolean;
}

/**
 * Adapts skill tools to the Vercel AI SDK: a record for the `tools` option of `generateText` or
 * `streamText`, with the strict schema and `strict: true` where a tool has one (providers without
 * strict mode ignore the flag). Each tool's output keeps the structured result; the model reads
 * its text, and a failure reaches it as an error text.
 */
export function toAiSdkTools(
  tools: readonly SkillTool[],
  options: AiSdkToolsOptions = {},
): Record<string, AiSdkSkillTool> {
  const record: Record<string, AiSdkSkillTool> = {};
  for (const skillTool of tools) {
    const strictSchema = options.strict === false ? undefined : skillTool.strictInputSchema;
    record[skillTool.name] = tool<unknown, SkillToolResult, Record<string, never>>({
      description: skillTool.description,
      inputSchema: jsonSchema<unknown>((strictSchema ?? skillTool.inputSchema) as JSONSchema7),
      ...(strictSchema === undefined ? {} : { strict: true }),
      execute: (input) => skillTool.execute(input),
      toModelOutput: ({ output }: { output: SkillToolResult }) =>
        output.ok
          ? { type: 'text', value: output.text }
          : { type: 'error-text', value: formatToolResult(output) },
    });
  }
  return record;
}
