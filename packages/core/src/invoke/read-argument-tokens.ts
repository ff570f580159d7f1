import type { SkillArgument } from '../skill/skill-manifest.ts';
import {
  type ArgumentValue,
  convertArgumentValue,
  toArgumentKey,
  toOptionName,
} from './argument-value.ts';
import type { InvocationIssue } from './invocation-error.ts';

/** Options for {@link readArgumentTokens}. */
export interface ReadArgumentTokensOptions {
  declared: readonly SkillArgument[];
  tokens: readonly string[];
}

/** The declared arguments found in a token list, keyed by declared name, and the issues met. */
export interface ReadArgumentTokensResult {
  values: Map<string, ArgumentValue>;
  issues: InvocationIssue[];
}

/** Reads `--name value`, `--name=value`, `--flag`, `--no-flag` and positional tokens into declared arguments. */
export function readArgumentTokens(options: ReadArgumentTokensOptions): ReadArgumentTokensResult {
  const { declared, tokens } = options;
  const byKey = new Map(declared.map((argument) => [toArgumentKey(argument.name), argument]));
  const values = new Map<string, ArgumentValue>();
  const issues: InvocationIssue[] = [];
  const positional: string[] = [];
  const set = (argument: SkillArgument, raw: unknown) => {
    const converted = convertArgumentValue({ argument, value: raw });
    if (converted.success) values.set(argument.name, converted.value);
    else issues.push(converted.issue);
  };

  let optionsEnded = false;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (optionsEnded || !token.startsWith('--')) {
      positional.push(token);
      continue;
    }
    if (token === '--') {
      optionsEnded = true;
      continue;
    }
    const equals = token.indexOf('=');
    const optionName = token.slice(2, equals === -1 ? undefined : equals);
    const inlineValue = equals === -1 ? undefined : token.slice(equals + 1);
    const argument = byKey.get(toArgumentKey(optionName));
    if (argument === undefined) {
      const negated = optionName.startsWith('no-')
        ? byKey.get(toArgumentKey(optionName.slice(3)))
        : undefined;
      if (negated?.type === 'boolean' && inlineValue === undefined) {
        values.set(negated.name, false);
      } else if (negated !== undefined) {
        issues.push({
          code: 'invalid_argument_type',
          message: `Option --${optionName} applies only to a boolean argument; "${negated.name}" is a ${negated.type}.`,
          argument: negated.name,
        });
      } else {
        issues.push(unknownOption(`--${optionName}`, declared));
      }
      continue;
    }
    if (inlineValue !== undefined) {
      set(argument, inlineValue);
    } else if (argument.type === 'boolean') {
      values.set(argument.name, true);
    } else if (index + 1 < tokens.length) {
      index++;
      set(argument, tokens[index]);
    } else {
      issues.push({
        code: 'missing_argument',
        message: `Option --${optionName} needs a value.`,
        argument: argument.name,
      });
    }
  }

  fillPositional({ declared, positional, values, issues, set });
  return { values, issues };
}

interface FillPositionalOptions {
  declared: readonly SkillArgument[];
  positional: readonly string[];
  values: Map<string, ArgumentValue>;
  issues: InvocationIssue[];
  set: (argument: SkillArgument, raw: unknown) => void;
}

/**
 * Fills unset non-boolean arguments in order, one token each (DESIGN.md §7). The first required
 * free-text argument takes the spare tokens: all but one for each later required argument and for
 * each later optional one whose trailing token is a valid value for it (`/greet Bob 3` → `Bob`, 3).
 */
function fillPositional(options: FillPositionalOptions): void {
  const { declared, positional, values, issues, set } = options;
  const fillable = declared.filter(
    (argument) => argument.type !== 'boolean' && !values.has(argument.name),
  );
  const absorber = fillable.find(
    (argument) =>
      argument.required && argument.type === 'string' && (argument.enum?.length ?? 0) === 0,
  );
  let next = 0;
  for (const [position, argument] of fillable.entries()) {
    if (next >= positional.length) break;
    if (argument === absorber) {
      const later = fillable.slice(position + 1);
      const count = positional.length - next - reservedTokens(later, positional.slice(next + 1));
      set(argument, positional.slice(next, next + count).join(' '));
      next += count;
    } else {
      set(argument, positional[next]);
      next++;
    }
  }
  if (next < positional.length) {
    const extra = positional.slice(next).map((token) => JSON.stringify(token));
    issues.push({
      code: 'too_many_arguments',
      message: `Unexpected argument${extra.length > 1 ? 's' : ''} ${extra.join(', ')}.`,
    });
  }
}

/** How many of the trailing `tokens` the arguments after the free-text one take, in order. */
function reservedTokens(later: readonly SkillArgument[], tokens: readonly string[]): number {
  const required = later.findLastIndex((argument) => argument.required) + 1;
  for (let count = Math.min(later.length, tokens.length); count > required; count--) {
    const trailing = tokens.slice(tokens.length - count);
    const fits = later
      .slice(0, count)
      .every(
        (argument, index) =>
          argument.required || convertArgumentValue({ argument, value: trailing[index] }).success,
      );
    if (fits) return count;
  }
  return Math.min(required, tokens.length);
}

function unknownOption(spelled: string, declared: readonly SkillArgument[]): InvocationIssue {
  const choices = declared.map((argument) => `--${toOptionName(argument.name)}`).join(', ');
  return {
    code: 'unknown_option',
    message: `Unknown option ${spelled}; valid options: ${choices}.`,
  };
}
