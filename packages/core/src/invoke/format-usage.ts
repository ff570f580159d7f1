import type { SkillArgument, SkillManifest } from '../skill/skill-manifest.ts';
import { toOptionName } from './argument-value.ts';

/** Options for {@link formatUsage}. */
export interface FormatUsageOptions {
  manifest: SkillManifest;
  /** The invocation prefix to show; `/` unless told. */
  prefix?: string;
}

/** The usage line of a skill, e.g. `Usage: /deploy <env:staging|production> [--dry-run] [--region <string>]`. */
export function formatUsage(options: FormatUsageOptions): string {
  const { manifest, prefix = '/' } = options;
  const command = `Usage: ${prefix}${manifest.name}`;
  if (manifest.arguments.length === 0) {
    const hint = manifest.argumentHint?.trim();
    return hint ? `${command} ${hint}` : command;
  }
  const positional = manifest.arguments
    .filter((argument) => argument.required && argument.type !== 'boolean')
    .map(formatPositional);
  const optional = manifest.arguments
    .filter((argument) => !argument.required || argument.type === 'boolean')
    .map(formatOption);
  return [command, ...positional, ...optional].join(' ');
}

function formatPositional(argument: SkillArgument): string {
  const choices = formatChoices(argument);
  if (choices !== undefined) return `<${argument.name}:${choices}>`;
  if (argument.type === 'string') return `<${argument.name}>`;
  return `<${argument.name}:${argument.type}>`;
}

function formatOption(argument: SkillArgument): string {
  const name = toOptionName(argument.name);
  if (argument.type === 'boolean') {
    if (argument.required) return `<--${name}|--no-${name}>`;
    return argument.default === true ? `[--no-${name}]` : `[--${name}]`;
  }
  return `[--${name} <${formatChoices(argument) ?? argument.type}>]`;
}

function formatChoices(argument: SkillArgument): string | undefined {
  return argument.enum && argument.enum.length > 0 ? argument.enum.join('|') : undefined;
}
