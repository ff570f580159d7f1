/** A skill the hook suggests: its name and description, and its SKILL.md when it is a file. */
export interface SuggestedSkill {
  name: string;
  description: string;
  /** Absolute path of its SKILL.md (for agents that read the file themselves). */
  file?: string;
}

/** The prompt an agent's hook input carries, and the folder the agent runs in when it says. */
export type HookInput = { prompt: string; cwd?: string } | { problem: string };

/** How Skillset answers one agent's per-prompt hook: reading its input, writing its answer. */
export interface AgentHook {
  /** Reads the hook input the agent writes on stdin. */
  parseInput(text: string): HookInput;
  /** The agent's hook answer suggesting `skills` (most relevant first); empty for none. */
  renderOutput(skills: readonly SuggestedSkill[]): string;
}

/** Longest description shown per suggested skill, in characters. */
export const SUGGESTED_DESCRIPTION_LIMIT = 300;

/** A description on one line, cut at a word near `SUGGESTED_DESCRIPTION_LIMIT` with an ellipsis. */
export function shortenDescription(description: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  if (line.length <= SUGGESTED_DESCRIPTION_LIMIT) return line;
  const cut = line.slice(0, SUGGESTED_DESCRIPTION_LIMIT - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > SUGGESTED_DESCRIPTION_LIMIT * 0.8 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
