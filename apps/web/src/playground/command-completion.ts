/** A skill the person may invoke, as `GET /api/skills/commands` lists it. */
export interface CommandOption {
  name: string;
  description: string;
  argumentHint?: string;
}

/** The `/name` or `$name` being typed at the caret. */
export interface CommandQuery {
  prefix: '/' | '$';
  /** What follows the prefix, up to the caret. */
  query: string;
  /** Where the token starts and ends in the text. */
  start: number;
  end: number;
}

const LEADING_INVOCATIONS = /^\s*(?:[/$]\S+\s+)*$/;
const PARTIAL_NAME = /^[\w.:-]*$/;

/**
 * The invocation being typed at `caret`, if any: a `/` or `$` token among the leading invocations
 * of the message (only those are invocations; a `/` later in the text is ordinary text).
 */
export function findCommandQuery(text: string, caret: number): CommandQuery | undefined {
  const start = text.slice(0, caret).search(/\S*$/);
  const prefix = text[start];
  if (prefix !== '/' && prefix !== '$') return undefined;
  const query = text.slice(start + 1, caret);
  if (!PARTIAL_NAME.test(query)) return undefined;
  if (!LEADING_INVOCATIONS.test(text.slice(0, start))) return undefined;
  const rest = text.slice(caret).search(/\s|$/);
  return { prefix, query, start, end: caret + rest };
}

/** The commands (or any named items) matching a query: names that start with it first, then names that contain it. */
export function filterCommands<Option extends { name: string }>(
  commands: readonly Option[],
  query: string,
  limit = 50,
): Option[] {
  const wanted = query.toLowerCase();
  const starts: Option[] = [];
  const contains: Option[] = [];
  for (const command of commands) {
    const name = command.name.toLowerCase();
    if (name.startsWith(wanted)) starts.push(command);
    else if (name.includes(wanted)) contains.push(command);
  }
  return [...starts, ...contains].slice(0, limit);
}

/** The text with the token replaced by the chosen command and a space, and the caret after it. */
export function applyCommand(
  text: string,
  query: CommandQuery,
  name: string,
): { text: string; caret: number } {
  const inserted = `${query.prefix}${name} `;
  const after = text.slice(query.end).replace(/^\s/, '');
  return {
    text: `${text.slice(0, query.start)}${inserted}${after}`,
    caret: query.start + inserted.length,
  };
}
