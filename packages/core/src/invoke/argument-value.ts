import type { SkillArgument } from '../skill/skill-manifest.ts';
import type { InvocationIssue } from './invocation-error.ts';

/** The value of a bound argument after conversion to its declared type. */
export type ArgumentValue = string | number | boolean;

/** The result of {@link convertArgumentValue}. */
export type ConvertArgumentValueResult =
  | { success: true; value: ArgumentValue }
  | { success: false; issue: InvocationIssue };

/** Options for {@link convertArgumentValue}. */
export interface ConvertArgumentValueOptions {
  argument: SkillArgument;
  /** A token typed by a person, or a value from a tool call. */
  value: unknown;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const TRUE_WORDS = new Set(['true', 'yes', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'off', '0']);

/** Converts a raw value to an argument's declared type and checks its `enum`. */
export function convertArgumentValue(
  options: ConvertArgumentValueOptions,
): ConvertArgumentValueResult {
  const { argument, value } = options;
  const converted = convertType(argument, value);
  if (converted === undefined) {
    const expected = argument.type === 'integer' ? 'an integer' : `a ${argument.type}`;
    return failure(
      'invalid_argument_type',
      argument,
      `Argument "${argument.name}" must be ${expected}; got ${describe(value)}.`,
    );
  }
  if (argument.enum === undefined || argument.enum.length === 0) {
    return { success: true, value: converted };
  }
  const exact = argument.enum.find((choice) => choice === converted);
  if (exact !== undefined) return { success: true, value: exact };
  const loose = argument.enum.find(
    (choice) => String(choice).toLowerCase() === String(converted).toLowerCase(),
  );
  if (loose !== undefined) return { success: true, value: loose };
  return failure(
    'invalid_enum_value',
    argument,
    `Argument "${argument.name}" must be one of ${argument.enum.join(', ')}; got ${describe(value)}.`,
  );
}

/** The `--option` spelling of an argument name: `dryRun` and `dry_run` become `dry-run`. */
export function toOptionName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, (_match, before: string, upper: string) => `${before}-${upper}`)
    .replace(/_/g, '-')
    .toLowerCase();
}

/** The key under which option and object names match declared names: case, `-` and `_` ignored. */
export function toArgumentKey(name: string): string {
  return name.replace(/[-_]/g, '').toLowerCase();
}

function convertType(argument: SkillArgument, value: unknown): ArgumentValue | undefined {
  switch (argument.type) {
    case 'string':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : undefined;
    case 'number':
      if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
      if (typeof value === 'string' && NUMBER.test(value.trim())) return Number(value.trim());
      return undefined;
    case 'integer':
      if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
      if (typeof value === 'string' && INTEGER.test(value.trim())) {
        const parsed = Number(value.trim());
        return Number.isSafeInteger(parsed) ? parsed : undefined;
      }
      return undefined;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (typeof value === 'string' || typeof value === 'number') {
        const word = String(value).trim().toLowerCase();
        if (TRUE_WORDS.has(word)) return true;
        if (FALSE_WORDS.has(word)) return false;
      }
      return undefined;
    default:
      return undefined;
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'a list' : 'an object';
}

function failure(
  code: InvocationIssue['code'],
  argument: SkillArgument,
  message: string,
): ConvertArgumentValueResult {
  return { success: false, issue: { code, message, argument: argument.name } };
}
