import type { BoundArguments } from './bind-arguments.ts';

/** Options for {@link renderSkillBody}. */
export interface RenderSkillBodyOptions {
  body: string;
  arguments: BoundArguments;
  /** The declared argument names that `$name` and `{{name}}` may refer to. */
  argumentNames?: readonly string[];
  /** `${SKILL_DIR}` (alias `${CLAUDE_SKILL_DIR}`); left as typed when absent. */
  skillDir?: string;
  /** `${SESSION_ID}` (alias `${CLAUDE_SESSION_ID}`); left as typed when absent. */
  sessionId?: string;
}

/** The result of {@link renderSkillBody}. */
export interface RenderSkillBodyResult {
  text: string;
  /** Whether the body placed any argument itself; when not, given arguments were appended. */
  usedArguments: boolean;
}

const SPECIAL = /[\\${]/g;
const ENVIRONMENT = /\$\{(?:CLAUDE_)?(SKILL_DIR|SESSION_ID)\}/y;
const ALL_ARGUMENTS = /\$ARGUMENTS(?:\[(\d+)\])?(?!\w)/y;
// "$1.50" and "$1,000" read as money, not as `$1` followed by text.
const POSITIONAL = /\$(\d+)(?![A-Za-z_]|[.,]\d)/y;
const NAME_CHARACTER = /[\w-]/;
const MUSTACHE = /\{\{\s*([A-Za-z_][\w-]*)\s*\}\}/y;

/** Substitutes arguments and variables in a skill body in one pass, inserting every value literally. */
export function renderSkillBody(options: RenderSkillBodyOptions): RenderSkillBodyResult {
  const { body, arguments: bound, skillDir, sessionId } = options;
  const names = new Set(options.argumentNames ?? []);
  const longestName = Math.max(0, ...[...names].map((name) => name.length));
  const namedValue = (name: string): string => {
    const value = bound.values[name];
    return value === undefined ? '' : String(value);
  };
  const parts: string[] = [];
  let literalStart = 0;
  let usedArguments = false;
  const emit = (start: number, end: number, value: string): void => {
    parts.push(body.slice(literalStart, start), value);
    literalStart = end;
    SPECIAL.lastIndex = end;
  };

  SPECIAL.lastIndex = 0;
  for (let match = SPECIAL.exec(body); match !== null; match = SPECIAL.exec(body)) {
    const start = match.index;
    const character = match[0];
    const next = body[start + 1];
    if (character === '\\') {
      if (next === '$') emit(start, start + 2, '$');
      continue;
    }
    if (character === '{') {
      if (next !== '{' || names.size === 0) continue;
      MUSTACHE.lastIndex = start;
      const mustache = MUSTACHE.exec(body);
      const name = mustache?.[1];
      if (mustache && name !== undefined && names.has(name)) {
        emit(start, MUSTACHE.lastIndex, namedValue(name));
        usedArguments = true;
      }
      continue;
    }
    if (next === '{') {
      ENVIRONMENT.lastIndex = start;
      const variable = ENVIRONMENT.exec(body)?.[1];
      const value = variable === 'SKILL_DIR' ? skillDir : variable ? sessionId : undefined;
      if (value !== undefined) emit(start, ENVIRONMENT.lastIndex, value);
      continue;
    }
    if (next === 'A') {
      ALL_ARGUMENTS.lastIndex = start;
      const all = ALL_ARGUMENTS.exec(body);
      if (all) {
        const index = all[1];
        const value = index === undefined ? bound.argumentString : bound.tokens[Number(index)];
        if (value !== undefined) {
          emit(start, ALL_ARGUMENTS.lastIndex, value);
          usedArguments = true;
        }
        continue;
      }
    }
    if (next !== undefined && next >= '0' && next <= '9') {
      POSITIONAL.lastIndex = start;
      const index = POSITIONAL.exec(body)?.[1];
      const value = index === undefined ? undefined : bound.tokens[Number(index)];
      if (value !== undefined) {
        emit(start, POSITIONAL.lastIndex, value);
        usedArguments = true;
      }
      continue;
    }
    const name = names.size > 0 ? readDeclaredName(body, start + 1, names, longestName) : undefined;
    if (name !== undefined) {
      emit(start, start + 1 + name.length, namedValue(name));
      usedArguments = true;
    }
  }
  parts.push(body.slice(literalStart));
  let text = parts.join('');
  if (!usedArguments && bound.argumentString !== '') {
    const trimmed = text.trimEnd();
    text = `${trimmed}${trimmed === '' ? '' : '\n\n'}ARGUMENTS: ${bound.argumentString}`;
  }
  return { text, usedArguments };
}

/** The declared name at `start`, ending where the word ends or at a hyphen (`$env-specific`). */
function readDeclaredName(
  body: string,
  start: number,
  names: ReadonlySet<string>,
  longestName: number,
): string | undefined {
  let end = start;
  while (end < body.length && end - start <= longestName && NAME_CHARACTER.test(body[end] ?? '')) {
    end++;
  }
  if (end - start <= longestName) {
    const whole = body.slice(start, end);
    if (names.has(whole)) return whole;
  }
  for (let cut = Math.min(end, start + longestName); cut > start; cut--) {
    if (body[cut] !== '-') continue;
    const candidate = body.slice(start, cut);
    if (names.has(candidate)) return candidate;
  }
  return undefined;
}
