import type { PolicyGate } from '../policy/create-policy-gate.ts';
import type { SkillEntry } from '../registry/skill-entry.ts';
import { omitNullOptionals } from './omit-null-optionals.ts';
import type { SkillTool, ToolInputSchema } from './skill-tool.ts';
import { isStrictInputSchema, toStrictInputSchema } from './to-strict-input-schema.ts';
import { toolFailureFromError, toolSuccess } from './tool-result.ts';

/** A tool the agent already has, which a `tool-dispatch` skill may wrap. */
export interface AvailableTool {
  name: string;
  inputSchema: ToolInputSchema;
  /** Runs the tool; a string result is passed on as text, anything else as JSON. */
  execute(input: unknown): unknown;
}

/** Options for {@link createDispatchTools}. */
export interface DispatchToolsOptions {
  gate: PolicyGate;
  /** The skills the model may use (decided on the `dispatch_tool` entry point). */
  skills: readonly SkillEntry[];
  availableTools: readonly AvailableTool[];
}

/**
 * Creates a `skill_<name>` wrapper for each allowed skill whose `tool-dispatch` target the agent
 * already has: the target's input schema as it is, and its strict form when it has one (nulls for
 * omitted optional fields are dropped before the target runs).
 */
export function createDispatchTools(options: DispatchToolsOptions): SkillTool[] {
  const { gate, skills, availableTools } = options;
  const targets = new Map(availableTools.map((tool) => [tool.name, tool]));
  const tools: SkillTool[] = [];
  for (const entry of skills) {
    const targetName = entry.manifest?.toolDispatch;
    const target = targetName === undefined ? undefined : targets.get(targetName);
    if (target === undefined) continue;
    const name = `skill_${entry.name}`;
    const strict = toStrictInputSchema(target.inputSchema);
    const isStrict = isStrictInputSchema(strict);
    tools.push({
      name,
      description: `[Skill: ${entry.name}] ${entry.description}`,
      inputSchema: target.inputSchema,
      ...(isStrict ? { strictInputSchema: strict } : {}),
      async execute(input) {
        try {
          const gated = await gate.authorize(entry.name, 'dispatch_tool', name);
          if (!gated.ok) return gated.failure;
          const given = isStrict ? omitNullOptionals(input, target.inputSchema) : input;
          const output = await target.execute(given);
          const text = typeof output === 'string' ? output : (JSON.stringify(output) ?? '');
          return toolSuccess(text, output);
        } catch (error) {
          return toolFailureFromError(error);
        }
      },
    });
  }
  return tools;
}
