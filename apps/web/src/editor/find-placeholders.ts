/** What a placeholder in a skill body stands for. */
export type PlaceholderKind = 'arguments' | 'indexed' | 'positional' | 'named' | 'undeclared';

/** One placeholder found in a skill body: its range (end exclusive) and kind. */
export interface PlaceholderMatch {
  from: number;
  to: number;
  kind: PlaceholderKind;
  text: string;
}

const ALL_ARGUMENTS = /\$ARGUMENTS(?:\[(\d+)\])?(?!\w)/y;
// "$1.50" and "$1,000" read as money, not as `$1` (as in core's renderSkillBody).
const POSITIONAL = /\$\d+(?![A-Za-z_]|[.,]\d)/y;
const MUSTACHE = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/y;
const NAMED = /\$([A-Za-z_][\w-]*)/y;

function matchAt(pattern: RegExp, text: string, index: number): number | undefined {
  pattern.lastIndex = index;
  return pattern.exec(text) === null ? undefined : pattern.lastIndex;
}

function declaredPrefix(word: string, names: ReadonlySet<string>): string | undefined {
  if (names.has(word)) return word;
  for (let cut = word.length - 1; cut > 0; cut--) {
    if (word[cut] === '-' && names.has(word.slice(0, cut))) return word.slice(0, cut);
  }
  return undefined;
}

/**
 * The placeholders core substitutes in a skill body: `$ARGUMENTS`, `$ARGUMENTS[N]`, `$N`, and the
 * declared arguments as `$name` and `{{name}}`; `{{name}}` of an undeclared name is `undeclared`.
 * `\$` escapes a dollar sign.
 */
export function findPlaceholders(
  body: string,
  argumentNames: readonly string[] = [],
): PlaceholderMatch[] {
  const names = new Set(argumentNames);
  const matches: PlaceholderMatch[] = [];
  const add = (from: number, to: number, kind: PlaceholderKind) =>
    matches.push({ from, to, kind, text: body.slice(from, to) });
  let index = 0;
  while (index < body.length) {
    const character = body[index];
    if (character === '\\' && body[index + 1] === '$') {
      index += 2;
      continue;
    }
    if (character === '{' && body[index + 1] === '{') {
      MUSTACHE.lastIndex = index;
      const mustache = MUSTACHE.exec(body);
      if (mustache !== null) {
        add(index, MUSTACHE.lastIndex, names.has(mustache[1] ?? '') ? 'named' : 'undeclared');
        index = MUSTACHE.lastIndex;
        continue;
      }
    }
    if (character === '$') {
      const end = matchAt(ALL_ARGUMENTS, body, index) ?? matchAt(POSITIONAL, body, index);
      if (end !== undefined) {
        const kind =
          body[index + 1] === 'A'
            ? body[end - 1] === ']'
              ? 'indexed'
              : 'arguments'
            : 'positional';
        add(index, end, kind);
        index = end;
        continue;
      }
      NAMED.lastIndex = index;
      const word = NAMED.exec(body)?.[1];
      const name = word === undefined ? undefined : declaredPrefix(word, names);
      if (name !== undefined) {
        add(index, index + 1 + name.length, 'named');
        index += 1 + name.length;
        continue;
      }
    }
    index++;
  }
  return matches;
}
