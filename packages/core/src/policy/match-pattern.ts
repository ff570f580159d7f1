const compiled = new Map<string, RegExp>();

/** True when the pattern contains a glob wildcard (`*` or `?`). */
export function isGlobPattern(pattern: string): boolean {
  return pattern.includes('*') || pattern.includes('?');
}

/** Matches a name against an exact name or a glob (`*` any run, `?` one character), ignoring case. */
export function matchesPattern(pattern: string, name: string): boolean {
  if (!isGlobPattern(pattern)) return pattern.toLowerCase() === name.toLowerCase();
  let expression = compiled.get(pattern);
  if (expression === undefined) {
    const source = Array.from(pattern, (character) => {
      if (character === '*') return '.*';
      if (character === '?') return '.';
      return character.replace(/[.+^${}()|[\]\\]/g, '\\$&');
    }).join('');
    expression = new RegExp(`^${source}$`, 'is');
    compiled.set(pattern, expression);
  }
  return expression.test(name);
}
