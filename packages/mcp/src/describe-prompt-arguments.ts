import type { PromptArgument } from '@modelcontextprotocol/server';
import type { SkillArgument, SkillManifest } from '@skillset/core';

/** The name of the one prompt argument of a skill that declares none: the text typed after `/name`. */
export const ARGUMENTS_PROMPT_ARGUMENT = 'arguments';

/** A skill's MCP prompt arguments: its declared arguments (typed and described), or one optional `arguments` string. */
export function describePromptArguments(manifest: SkillManifest): PromptArgument[] {
  if (manifest.arguments.length === 0) {
    const hint = manifest.argumentHint?.trim();
    return [
      {
        name: ARGUMENTS_PROMPT_ARGUMENT,
        description: hint
          ? `Arguments as typed after /${manifest.name}: ${hint}`
          : `Arguments as typed after /${manifest.name} (optional).`,
        required: false,
      },
    ];
  }
  return manifest.arguments.map((argument) => ({
    name: argument.name,
    description: describeArgument(argument),
    required: argument.required,
  }));
}

function describeArgument(argument: SkillArgument): string {
  const facts = [argument.type === 'integer' ? 'an integer' : `a ${argument.type}`];
  if (argument.enum !== undefined && argument.enum.length > 0) {
    facts.push(`one of ${argument.enum.join(', ')}`);
  }
  if (argument.type === 'boolean') facts.push('true or false');
  if (argument.default !== undefined) facts.push(`default ${String(argument.default)}`);
  const description = argument.description?.trim();
  return `${description ? `${description} ` : ''}(${facts.join('; ')})`;
}
