import type { Schemas } from '../api/client.ts';

/** An argument a skill declares, as `GET /api/skills/commands` lists it. */
export type CommandArgument = Schemas['SkillCommand']['arguments'][number];

/** What the arguments form holds: text for strings, numbers and choices, a flag for booleans. */
export type ArgumentFormValues = Record<string, string | boolean>;

/** A skill with declared arguments among the leading invocations of a message. */
export interface InvokedCommand {
  prefix: '/' | '$';
  name: string;
  arguments: CommandArgument[];
  /** Where the leading invocations end: options go there, before the rest of the message. */
  end: number;
}

const INVOCATION = /\s*([/$])([\p{L}\p{M}\p{N}._:/-]+)(?=\s|$)/uy;
const BARE_TOKEN = /^[\w@%+=:,./-]+$/;

/**
 * The first skill with declared arguments that the message invokes (`/name` or `$name` among its
 * leading invocations), given the commands the person may use.
 */
export function findInvokedCommand(
  text: string,
  commands: readonly { name: string; arguments?: CommandArgument[] }[],
): InvokedCommand | undefined {
  const byName = new Map(commands.map((command) => [command.name.toLowerCase(), command]));
  let found: Omit<InvokedCommand, 'end'> | undefined;
  let end = 0;
  INVOCATION.lastIndex = 0;
  for (let match = INVOCATION.exec(text); match !== null; match = INVOCATION.exec(text)) {
    const command = byName.get((match[2] ?? '').toLowerCase());
    if (command === undefined) break;
    end = INVOCATION.lastIndex;
    if (found === undefined && (command.arguments?.length ?? 0) > 0) {
      found = {
        prefix: match[1] === '$' ? '$' : '/',
        name: command.name,
        arguments: command.arguments ?? [],
      };
    }
  }
  return found === undefined ? undefined : { ...found, end };
}

/** The form's starting values: each declared default, else empty (or off). */
export function initialArgumentValues(declared: readonly CommandArgument[]): ArgumentFormValues {
  return Object.fromEntries(
    declared.map((argument) => [
      argument.name,
      argument.type === 'boolean'
        ? argument.default === true
        : argument.default === undefined
          ? ''
          : String(argument.default),
    ]),
  );
}

/** The `--option` spelling of an argument name, as the server reads it: `dryRun` → `dry-run`. */
export function toOptionName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, (_match, before: string, upper: string) => `${before}-${upper}`)
    .replace(/_/g, '-')
    .toLowerCase();
}

function quoteToken(token: string): string {
  if (BARE_TOKEN.test(token)) return token;
  return `"${token.replace(/["\\$`]/g, (character) => `\\${character}`)}"`;
}

/** The form's values as `--name value` options; a value equal to its default is left out. */
export function argumentOptions(
  declared: readonly CommandArgument[],
  values: ArgumentFormValues,
): string[] {
  return declared.flatMap((argument) => {
    const option = toOptionName(argument.name);
    const value = values[argument.name];
    if (argument.type === 'boolean') {
      const on = value === true;
      if (!argument.required && on === (argument.default === true)) return [];
      return [on ? `--${option}` : `--no-${option}`];
    }
    const text = typeof value === 'string' ? value.trim() : '';
    if (text === '' || (argument.default !== undefined && text === String(argument.default))) {
      return [];
    }
    return [`--${option} ${quoteToken(text)}`];
  });
}

/** The message with the form's options placed after its leading invocations. */
export function fillInvocation(
  text: string,
  invoked: InvokedCommand,
  values: ArgumentFormValues,
): string {
  const options = argumentOptions(invoked.arguments, values);
  const rest = text.slice(invoked.end).trim();
  return [text.slice(0, invoked.end).trim(), ...options, ...(rest === '' ? [] : [rest])].join(' ');
}
