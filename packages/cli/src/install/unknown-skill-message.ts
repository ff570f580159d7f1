import { closestNames } from '@skillset/core';

/** `no skill named 'x'. Did you mean: y?` (or a hint to run `skillset list`). */
export function unknownSkillMessage(name: string, known: readonly string[]): string {
  const suggestions = closestNames(name, known);
  const hint =
    suggestions.length > 0
      ? ` Did you mean: ${suggestions.join(', ')}?`
      : ' Run `skillset list` to see the available skills.';
  return `no skill named '${name}'.${hint}`;
}
