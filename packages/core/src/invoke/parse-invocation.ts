import { checkSkillName, MAX_SKILL_NAME_LENGTH } from '../format/check-skill-name.ts';

/** The prefixes that start an invocation when none are configured. */
export const DEFAULT_INVOCATION_PREFIXES: readonly string[] = ['/', '$'];

/** How many invocations may be stacked at the start of one message. */
export const MAX_STACKED_INVOCATIONS = 8;

const WHITESPACE = /\s/;
// A server label, a colon and a skill path of a few segments.
const MAX_QUALIFIED_NAME_LENGTH = 4 * MAX_SKILL_NAME_LENGTH;
/**
 * Letters (any script, any case), combining marks, digits and hyphens: a name as typed; an MCP
 * server's skill adds its server label and a colon, and may keep its skill path (`docs:acme/refunds`).
 */
const TYPED_NAME = /[\p{L}\p{M}\p{N}-]+(?::[\p{L}\p{M}\p{N}._/-]+)*/uy;

/** Options for {@link parseInvocation}. */
export interface ParseInvocationOptions {
  /** The user's message. */
  message: string;
  /** Whether a skill of this lowercased name can be invoked here (the caller resolves and applies policy). */
  isKnown: (name: string) => boolean;
  /** The prefixes that start an invocation; defaults to {@link DEFAULT_INVOCATION_PREFIXES}. */
  prefixes?: readonly string[];
}

/** One `/name` (or `$name`) at the start of a message. */
export interface Invocation {
  /** The name NFKC-normalised and lowercased (as the validator reads names), as passed to `isKnown`. */
  name: string;
  /** The name as typed. */
  typed: string;
  prefix: string;
  /** Offset of the prefix in the message. */
  start: number;
  /** Offset just after the name. */
  end: number;
}

/** The result of {@link parseInvocation}. */
export interface ParseInvocationResult {
  /** The known leading invocations, in order, without duplicates; empty when the message is ordinary text. */
  invocations: Invocation[];
  /** A leading name that looked like an invocation but is not known, so a UI can say so; not an error. */
  unknown: Invocation[];
  /** The rest of the message after the invocations, trimmed; empty when there are none. */
  argumentString: string;
  /** What goes on to the model as the user's text: the argument string, or the whole message when nothing was invoked. */
  text: string;
}

/** Finds the leading `/name` or `$name` invocations of a message and the argument string they share. */
export function parseInvocation(options: ParseInvocationOptions): ParseInvocationResult {
  const { message, isKnown } = options;
  const prefixes = [...(options.prefixes ?? DEFAULT_INVOCATION_PREFIXES)]
    .filter((prefix) => prefix.length > 0)
    .sort((a, b) => b.length - a.length);
  const invocations: Invocation[] = [];
  const unknown: Invocation[] = [];
  const seen = new Set<string>();
  let position = skipWhitespace(message, 0);
  let restStart = position;

  while (invocations.length < MAX_STACKED_INVOCATIONS) {
    const candidate = readCandidate(message, position, prefixes);
    if (candidate === undefined) break;
    if (!isKnown(candidate.name)) {
      if (looksLikeSkillName(candidate.name)) unknown.push(candidate);
      break;
    }
    if (!seen.has(candidate.name)) {
      seen.add(candidate.name);
      invocations.push(candidate);
    }
    position = skipWhitespace(message, candidate.end);
    restStart = position;
  }

  if (invocations.length === 0) return { invocations, unknown, argumentString: '', text: message };
  const argumentString = message.slice(restStart).trim();
  return { invocations, unknown, argumentString, text: argumentString };
}

function readCandidate(
  message: string,
  position: number,
  prefixes: readonly string[],
): Invocation | undefined {
  const prefix = prefixes.find((candidate) => message.startsWith(candidate, position));
  if (prefix === undefined) return undefined;
  const nameStart = position + prefix.length;
  TYPED_NAME.lastIndex = nameStart;
  const typed = TYPED_NAME.exec(message)?.[0];
  if (typed === undefined) return undefined;
  const nameEnd = nameStart + typed.length;
  if (nameEnd < message.length && !isWhitespace(message[nameEnd])) return undefined;
  const name = typed.normalize('NFKC').toLowerCase();
  const limit = name.includes(':') ? MAX_QUALIFIED_NAME_LENGTH : MAX_SKILL_NAME_LENGTH;
  if (Array.from(name).length > limit) return undefined;
  return { name, typed, prefix, start: position, end: nameEnd };
}

/** A valid skill name with at least one letter (so `$5` in "costs $5" is not reported); `server:path/name` too. */
function looksLikeSkillName(name: string): boolean {
  const colon = name.indexOf(':');
  if (colon !== -1) {
    const last =
      name
        .slice(colon + 1)
        .split(/[:/]/)
        .at(-1) ?? '';
    return looksLikeSkillName(name.slice(0, colon)) && looksLikeSkillName(last);
  }
  return checkSkillName(name).length === 0 && /\p{L}/u.test(name);
}

function isWhitespace(character: string | undefined): boolean {
  return character !== undefined && WHITESPACE.test(character);
}

function skipWhitespace(text: string, position: number): number {
  let index = position;
  while (isWhitespace(text[index])) index++;
  return index;
}
