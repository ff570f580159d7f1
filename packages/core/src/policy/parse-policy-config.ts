import type { z } from 'zod';
import { SkillsetError } from '../errors/skillset-error.ts';
import { MCP_SERVER_CONFIG_KEYS } from './mcp-server-config-schema.ts';
import {
  type PolicyConfig,
  permissionRuleSchema,
  policyConfigSchema,
} from './policy-config-schema.ts';

/** One problem in a policy config, located by its JSON path (and line, when the text is known). */
export interface PolicyConfigIssue {
  /** A stable snake_case code, e.g. `invalid_type`, `invalid_value`, `unrecognized_key`. */
  code: string;
  /** The path as a list of keys and indexes, e.g. `['rules', 0, 'action']`. */
  path: Array<string | number>;
  /** The path as text, e.g. `rules[0].action`, or `(root)`. */
  pathText: string;
  /** What is wrong, naming the bad value. */
  message: string;
  /** How to fix it, naming the valid choices. */
  hint: string;
  line?: number;
  column?: number;
}

/** Options for {@link parsePolicyConfig} and {@link safeParsePolicyConfig}. */
export interface ParsePolicyConfigOptions {
  /** Where the config came from (a file path or a label), used in messages. */
  source: string;
  /** Locates an issue's path in the source text, so that issues carry a line and column. */
  locate?: (path: ReadonlyArray<string | number>) => { line: number; column: number } | undefined;
}

/** The result of {@link safeParsePolicyConfig}. */
export type SafeParsePolicyConfigResult =
  | { success: true; config: PolicyConfig }
  | { success: false; issues: PolicyConfigIssue[] };

const knownKeys: Record<string, readonly string[]> = {
  root: Object.keys(policyConfigSchema.shape),
  rule: Object.keys(permissionRuleSchema.shape),
  mcpServer: MCP_SERVER_CONFIG_KEYS,
};

function knownKeysAt(path: ReadonlyArray<string | number>): readonly string[] {
  if (path.length === 0) return knownKeys.root ?? [];
  return (path[0] === 'mcpServers' ? knownKeys.mcpServer : knownKeys.rule) ?? [];
}

/** Formats a JSON path as `rules[0].action`. */
export function formatConfigPath(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(root)';
  return path
    .map((key, index) => {
      if (typeof key === 'number') return `[${key}]`;
      const text = String(key);
      return index === 0 ? text : `.${text}`;
    })
    .join('');
}

function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}

function valueAt(input: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let current = input;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

function closest(word: string, choices: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  return choices.find((choice) => {
    const other = choice.toLowerCase();
    return other.startsWith(lower) || lower.startsWith(other) || distance(lower, other) <= 2;
  });
}

function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

function toIssues(
  zodIssue: z.core.$ZodIssue,
  input: unknown,
  options: ParsePolicyConfigOptions,
): PolicyConfigIssue[] {
  const path = zodIssue.path.map((key) => (typeof key === 'number' ? key : String(key)));
  const make = (
    code: string,
    issuePath: Array<string | number>,
    message: string,
    hint: string,
  ): PolicyConfigIssue => {
    const position = options.locate?.(issuePath);
    return {
      code,
      path: issuePath,
      pathText: formatConfigPath(issuePath),
      message,
      hint,
      ...position,
    };
  };
  const actual = valueAt(input, path);
  switch (zodIssue.code) {
    case 'unrecognized_keys': {
      const choices = knownKeysAt(path);
      return zodIssue.keys.map((key) => {
        const suggestion = closest(key, choices);
        const hint = suggestion
          ? `Did you mean "${suggestion}"? Known keys: ${choices.join(', ')}.`
          : `Remove it; known keys are ${choices.join(', ')}.`;
        return make('unrecognized_key', [...path, key], `Unknown key "${key}".`, hint);
      });
    }
    case 'invalid_value': {
      const choices = zodIssue.values.map((value) => JSON.stringify(value)).join(', ');
      return [
        make(
          'invalid_value',
          path,
          `Expected one of ${choices}, got ${describeValue(actual)}.`,
          `Set it to one of ${choices}.`,
        ),
      ];
    }
    case 'invalid_type': {
      if (actual === undefined) {
        return [
          make(
            'missing_key',
            path,
            `Missing required key "${String(path.at(-1))}".`,
            `Add "${String(path.at(-1))}" (${zodIssue.expected}).`,
          ),
        ];
      }
      const expected =
        zodIssue.expected === 'array'
          ? 'a list'
          : `${/^[aeiou]/.test(zodIssue.expected) ? 'an' : 'a'} ${zodIssue.expected}`;
      return [
        make(
          'invalid_type',
          path,
          `Expected ${expected}, got ${describeValue(actual)}.`,
          `Write ${expected} here.`,
        ),
      ];
    }
    case 'too_small':
      return [
        make(
          'empty_value',
          path,
          'Expected a non-empty string.',
          'Write a name or a pattern, or remove the entry.',
        ),
      ];
    case 'invalid_key':
      return [
        make(
          'invalid_key',
          path,
          `Invalid label ${JSON.stringify(String(path.at(-1)))}: ${zodIssue.issues[0]?.message ?? zodIssue.message}`,
          'Rename it, e.g. "team-docs".',
        ),
      ];
    case 'custom':
    case 'invalid_format':
      if (path[0] === 'mcpServers') {
        return [
          make(zodIssue.code, path, zodIssue.message, 'See README "Skills from MCP servers".'),
        ];
      }
      return [
        make(zodIssue.code, path, zodIssue.message, 'See docs/decisions/0010-policy-semantics.md.'),
      ];
    default:
      return [
        make(zodIssue.code, path, zodIssue.message, 'See docs/decisions/0010-policy-semantics.md.'),
      ];
  }
}

/** Validates a policy config object and returns it, or every issue with its path and a fix; never throws. */
export function safeParsePolicyConfig(
  input: unknown,
  options: ParsePolicyConfigOptions,
): SafeParsePolicyConfigResult {
  const result = policyConfigSchema.safeParse(input);
  if (result.success) return { success: true, config: result.data };
  return {
    success: false,
    issues: result.error.issues.flatMap((issue) => toIssues(issue, input, options)),
  };
}

/** Renders config issues as the lines of an error message. */
export function formatPolicyConfigIssues(
  source: string,
  issues: readonly PolicyConfigIssue[],
): string {
  const lines = issues.map((issue) => {
    const where = issue.line === undefined ? '' : ` (line ${issue.line}, column ${issue.column})`;
    return `  ${issue.pathText}${where}: ${issue.message} ${issue.hint}`;
  });
  const count = issues.length === 1 ? '1 problem' : `${issues.length} problems`;
  return `Invalid policy config in ${source} (${count}):\n${lines.join('\n')}`;
}

/** Validates a policy config object and returns it; throws `invalid_policy_config` listing every issue. */
export function parsePolicyConfig(input: unknown, options: ParsePolicyConfigOptions): PolicyConfig {
  const result = safeParsePolicyConfig(input, options);
  if (result.success) return result.config;
  throw new SkillsetError({
    code: 'invalid_policy_config',
    message: formatPolicyConfigIssues(options.source, result.issues),
    details: { source: options.source, issues: result.issues },
  });
}
