import { type SuggestedSkill, shortenDescription } from './agent-hook.ts';

/**
 * The text a hook adds beside the prompt: `intro`, then one line per skill, most relevant first —
 * `- name: description`, and ` (file: …/SKILL.md)` with `files` for agents that read the file.
 */
export function renderSuggestionList(
  skills: readonly SuggestedSkill[],
  intro: string,
  options: { files?: boolean } = {},
): string {
  return [
    intro,
    ...skills.map((skill) => {
      const file =
        options.files === true && skill.file !== undefined ? ` (file: ${skill.file})` : '';
      return `- ${skill.name}: ${shortenDescription(skill.description)}${file}`;
    }),
  ].join('\n');
}
