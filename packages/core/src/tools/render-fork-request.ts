import type { ForkActivation } from '../invoke/activate.ts';

/** Renders a fork activation as the text `use_skill` returns when no host runs forks for it. */
export function renderForkRequest(fork: ForkActivation): string {
  const settings: string[] = [];
  if (fork.model !== undefined) settings.push(`model: ${fork.model}`);
  if (fork.agent !== undefined) settings.push(`agent: ${fork.agent}`);
  if (fork.allowedTools !== undefined)
    settings.push(`allowed tools: ${fork.allowedTools.join(', ')}`);
  if (fork.disallowedTools !== undefined) {
    settings.push(`disallowed tools: ${fork.disallowedTools.join(', ')}`);
  }
  return [
    `Skill ${JSON.stringify(fork.name)} runs as a separate sub-agent task (context: fork): run the task below with no conversation history and use its result.`,
    ...(settings.length === 0 ? [] : [`Sub-agent settings: ${settings.join('; ')}.`]),
    `<fork_task skill="${fork.name}">`,
    fork.task.trim(),
    '</fork_task>',
  ].join('\n');
}
