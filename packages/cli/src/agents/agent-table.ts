/** Where a folder of an agent lies: below the project, HOME, `$XDG_CONFIG_HOME` or `$CODEX_HOME`. */
export interface AgentFolder {
  base: 'project' | 'home' | 'config' | 'codex-home';
  /** Relative to the base, `/`-separated. */
  path: string;
}

/** What Skillset knows of one agent: its name, its label and the skill folders it reads. */
export interface AgentDefinition {
  /** The name commands take (`skillset connect claude`). */
  name: string;
  /** How people call it, for messages. */
  label: string;
  /** The project folder Skillset installs this agent's skills into. */
  projectFolder: AgentFolder;
  /** The user folder Skillset installs into with `--global`. */
  userFolder: AgentFolder;
  /** Every project folder the agent reads skills from, its own first. */
  projectReads: readonly AgentFolder[];
  /** Every user folder the agent reads skills from, its own first. */
  userReads: readonly AgentFolder[];
}

const project = (path: string): AgentFolder => ({ base: 'project', path });
const home = (path: string): AgentFolder => ({ base: 'home', path });

/**
 * The four agents, with the folders each one's real binary was seen reading (Claude Code 2.1.328,
 * Codex 0.169, OpenCode 1.18, Gemini CLI 0.61; decision 0142). Codex's own folders are its
 * documented `.agents/skills`; it still reads the older `.codex/skills` too.
 */
export const AGENT_TABLE = [
  {
    name: 'claude',
    label: 'Claude Code',
    projectFolder: project('.claude/skills'),
    userFolder: home('.claude/skills'),
    projectReads: [project('.claude/skills')],
    userReads: [home('.claude/skills')],
  },
  {
    name: 'codex',
    label: 'Codex',
    projectFolder: project('.agents/skills'),
    userFolder: home('.agents/skills'),
    projectReads: [project('.agents/skills'), project('.codex/skills')],
    userReads: [home('.agents/skills'), { base: 'codex-home', path: 'skills' }],
  },
  {
    name: 'opencode',
    label: 'OpenCode',
    projectFolder: project('.opencode/skills'),
    userFolder: { base: 'config', path: 'opencode/skills' },
    projectReads: [
      project('.opencode/skills'),
      project('.claude/skills'),
      project('.agents/skills'),
    ],
    userReads: [
      { base: 'config', path: 'opencode/skills' },
      home('.claude/skills'),
      home('.agents/skills'),
    ],
  },
  {
    name: 'gemini',
    label: 'Gemini CLI',
    projectFolder: project('.gemini/skills'),
    userFolder: home('.gemini/skills'),
    projectReads: [project('.gemini/skills'), project('.agents/skills')],
    userReads: [home('.gemini/skills'), home('.agents/skills')],
  },
] as const satisfies readonly AgentDefinition[];

/** An agent Skillset connects, syncs and exports for. */
export type AgentName = (typeof AGENT_TABLE)[number]['name'];

/** The agents' names, in the table's order. */
export const AGENT_NAMES: readonly AgentName[] = AGENT_TABLE.map((agent) => agent.name);

/** Whether a string names one of the agents. */
export function isAgentName(value: string): value is AgentName {
  return (AGENT_NAMES as readonly string[]).includes(value);
}

/** The table's row for an agent. */
export function agentDefinition(name: AgentName): AgentDefinition {
  return AGENT_TABLE.find((agent) => agent.name === name) as AgentDefinition;
}
