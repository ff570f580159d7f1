import type { SkillTool, SkillToolResult } from './skill-tool.ts';
import { toolFailure } from './tool-result.ts';

/** Finds a tool by name and runs it on lazily parsed input, turning every problem into a failed result. */
export async function runNamedTool(
  tools: readonly SkillTool[],
  name: string,
  readInput: () => unknown,
): Promise<SkillToolResult> {
  const tool = tools.find((each) => each.name === name);
  if (tool === undefined) {
    const names = tools.map((each) => each.name).join(', ');
    return toolFailure(
      'unknown_tool',
      `Unknown tool ${JSON.stringify(name)}; available: ${names}.`,
    );
  }
  let input: unknown;
  try {
    input = readInput();
  } catch (error) {
    return toolFailure(
      'invalid_input',
      `The arguments of ${name} are not valid JSON: ${(error as Error).message}`,
    );
  }
  return tool.execute(input);
}
