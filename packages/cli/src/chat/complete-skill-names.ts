/** The commands of the chat itself, completed and handled before skills. */
export const CHAT_COMMANDS = ['skills'] as const;

/**
 * Readline completion for a chat line: a leading `/` or `$` word completes to the skill names
 * (and, after `/`, the chat's own commands); anything else completes to nothing.
 */
export function completeSkillNames(
  line: string,
  names: readonly string[],
): [completions: string[], completed: string] {
  const match = /^([/$])([^\s]*)$/u.exec(line);
  if (match === null) return [[], line];
  const [, prefix = '', typed = ''] = match;
  const candidates = prefix === '/' ? [...CHAT_COMMANDS, ...names] : names;
  const lower = typed.toLowerCase();
  const hits = [...new Set(candidates)]
    .filter((name) => name.toLowerCase().startsWith(lower))
    .sort()
    .map((name) => `${prefix}${name}`);
  return [hits, line];
}
