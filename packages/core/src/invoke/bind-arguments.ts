import type { SkillArgument, SkillManifest } from '../skill/skill-manifest.ts';
import {
  type ArgumentValue,
  convertArgumentValue,
  toArgumentKey,
  toOptionName,
} from './argument-value.ts';
import { formatUsage } from './format-usage.ts';
import {
  createInvocationError,
  type InvocationError,
  type InvocationIssue,
} from './invocation-error.ts';
import { readArgumentTokens } from './read-argument-tokens.ts';
import { tokenizeArguments, tokenizeArgumentsLeniently } from './tokenize-arguments.ts';

/** Arguments as typed by a person (a string) or sent by a tool call (an object keyed by declared names). */
export type ArgumentInput = string | Readonly<Record<string, unknown>>;

/** Options for {@link bindArguments}. */
export interface BindArgumentsOptions {
  manifest: SkillManifest;
  /** The argument string or object; none means no arguments. */
  input?: ArgumentInput;
  /** The prefix shown in the usage line of an error; `/` unless told. */
  prefix?: string;
}

/** Arguments bound to a skill, ready for substitution. */
export interface BoundArguments {
  /** `$ARGUMENTS`: the string as typed (trimmed), or a canonical `--name value` form of an object. */
  argumentString: string;
  /** `$0..$N` and `$ARGUMENTS[N]`: every token of the argument string. */
  tokens: string[];
  /** Declared arguments by declared name: the given value, else the default; absent when neither. */
  values: Record<string, ArgumentValue>;
}

/** The result of {@link bindArguments}. */
export type BindArgumentsResult =
  | { success: true; arguments: BoundArguments }
  | { success: false; error: InvocationError };

/** Binds an argument string or object to a skill's declared arguments, converting and validating each. */
export function bindArguments(options: BindArgumentsOptions): BindArgumentsResult {
  const { manifest, input = '' } = options;
  const declared = manifest.arguments;
  const issues: InvocationIssue[] = [];
  let bound: BoundArguments | undefined;
  if (typeof input === 'string') {
    bound = bindString(declared, input.trim(), issues);
  } else if (declared.length > 0) {
    bound = bindObject(declared, input, issues);
  } else {
    const text = bindUndeclaredObject(input, issues);
    if (text !== undefined) bound = bindString(declared, text.trim(), issues);
  }
  const [first, ...rest] = issues;
  if (first === undefined && bound !== undefined) return { success: true, arguments: bound };
  const usage = formatUsage({ manifest, ...(options.prefix ? { prefix: options.prefix } : {}) });
  const reported: [InvocationIssue, ...InvocationIssue[]] = first
    ? [first, ...rest]
    : [{ code: 'invalid_argument_type', message: 'Arguments could not be bound.' }];
  return {
    success: false,
    error: createInvocationError({ issues: reported, usage, skill: manifest.name }),
  };
}

/** The bound arguments of a skill activated without any: empty strings and the declared defaults. */
export function defaultArguments(manifest: SkillManifest): BoundArguments {
  return { argumentString: '', tokens: [], values: withDefaults(manifest.arguments, new Map()) };
}

function bindString(
  declared: readonly SkillArgument[],
  argumentString: string,
  issues: InvocationIssue[],
): BoundArguments | undefined {
  if (declared.length === 0) {
    return { argumentString, tokens: tokenizeArgumentsLeniently(argumentString), values: {} };
  }
  const tokenized = tokenizeArguments(argumentString);
  if (!tokenized.success) {
    issues.push(...tokenized.error.issues);
    return undefined;
  }
  const read = readArgumentTokens({ declared, tokens: tokenized.tokens });
  issues.push(...read.issues, ...missingIssues(declared, read));
  const values = withDefaults(declared, read.values);
  return { argumentString, tokens: tokenized.tokens, values };
}

function bindObject(
  declared: readonly SkillArgument[],
  input: Readonly<Record<string, unknown>>,
  issues: InvocationIssue[],
): BoundArguments {
  const read = readArgumentObject(declared, input);
  issues.push(...read.issues, ...missingIssues(declared, read));
  const tokens = canonicalTokens(declared, read.values);
  const argumentString = tokens.map(quoteToken).join(' ');
  return { argumentString, tokens, values: withDefaults(declared, read.values) };
}

/** A skill without declared arguments takes one `arguments` string, as its MCP prompt does. */
function bindUndeclaredObject(
  input: Readonly<Record<string, unknown>>,
  issues: InvocationIssue[],
): string | undefined {
  const keys = Object.keys(input).filter((key) => input[key] !== undefined && input[key] !== null);
  for (const key of keys) {
    if (key === 'arguments') continue;
    issues.push({
      code: 'unknown_option',
      message: `Unknown argument "${key}"; this skill takes one "arguments" string.`,
    });
  }
  const text = keys.includes('arguments') ? input.arguments : '';
  if (typeof text === 'string') return issues.length === 0 ? text : undefined;
  issues.push({
    code: 'invalid_argument_type',
    message: `Argument "arguments" must be a string; got ${typeof text}.`,
    argument: 'arguments',
  });
  return undefined;
}

function readArgumentObject(
  declared: readonly SkillArgument[],
  input: Readonly<Record<string, unknown>>,
): { values: Map<string, ArgumentValue>; issues: InvocationIssue[] } {
  const byKey = new Map(declared.map((argument) => [toArgumentKey(argument.name), argument]));
  const values = new Map<string, ArgumentValue>();
  const issues: InvocationIssue[] = [];
  for (const [key, raw] of Object.entries(input)) {
    if (raw === undefined || raw === null) continue;
    const argument = byKey.get(toArgumentKey(key));
    if (argument === undefined) {
      const choices = declared.map((each) => each.name).join(', ');
      issues.push({
        code: 'unknown_option',
        message: `Unknown argument "${key}"; valid arguments: ${choices}.`,
      });
      continue;
    }
    const converted = convertArgumentValue({ argument, value: raw });
    if (converted.success) values.set(argument.name, converted.value);
    else issues.push(converted.issue);
  }
  return { values, issues };
}

/** Required arguments neither given, defaulted nor already reported. */
function missingIssues(
  declared: readonly SkillArgument[],
  read: { values: ReadonlyMap<string, ArgumentValue>; issues: readonly InvocationIssue[] },
): InvocationIssue[] {
  const reported = new Set(read.issues.map((issue) => issue.argument));
  return declared
    .filter(
      (argument) =>
        argument.required &&
        argument.default === undefined &&
        !read.values.has(argument.name) &&
        !reported.has(argument.name),
    )
    .map((argument) => ({
      code: 'missing_argument',
      message: `Missing required argument "${argument.name}"${argument.description ? ` (${argument.description})` : ''}.`,
      argument: argument.name,
    }));
}

function withDefaults(
  declared: readonly SkillArgument[],
  values: ReadonlyMap<string, ArgumentValue>,
): Record<string, ArgumentValue> {
  const result: Record<string, ArgumentValue> = {};
  for (const argument of declared) {
    const value = values.get(argument.name) ?? argument.default;
    if (value !== undefined) result[argument.name] = value;
  }
  return result;
}

function canonicalTokens(
  declared: readonly SkillArgument[],
  values: ReadonlyMap<string, ArgumentValue>,
): string[] {
  const tokens: string[] = [];
  for (const argument of declared) {
    const value = values.get(argument.name);
    if (value === undefined) continue;
    const option = toOptionName(argument.name);
    if (typeof value === 'boolean') tokens.push(value ? `--${option}` : `--no-${option}`);
    else tokens.push(`--${option}`, String(value));
  }
  return tokens;
}

function quoteToken(token: string): string {
  if (/^[\w@%+=:,./-]+$/.test(token)) return token;
  return `"${token.replace(/["\\$`]/g, (character) => `\\${character}`)}"`;
}
