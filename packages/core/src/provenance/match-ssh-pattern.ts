/** True when `value` matches an OpenSSH pattern (`*` any run, `?` one character). */
function matchPattern(value: string, pattern: string): boolean {
  const expression = pattern
    .split('')
    .map((character) =>
      character === '*'
        ? '.*'
        : character === '?'
          ? '.'
          : character.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${expression}$`).test(value);
}

/** True when `value` matches a pattern list as OpenSSH reads it: some pattern matches and no `!pattern` does. */
export function matchSshPatternList(value: string, patterns: readonly string[]): boolean {
  let matched = false;
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) {
      if (matchPattern(value, pattern.slice(1))) return false;
    } else if (matchPattern(value, pattern)) {
      matched = true;
    }
  }
  return matched;
}
