import os from 'node:os';
import path from 'node:path';
import { type AgentFolderContext, agentSkillFolders } from '../agents/agent-skill-folders.ts';
import { AGENT_NAMES, type AgentName } from '../agents/agent-table.ts';
import { displayFolder } from '../install/install-root.ts';
import { SKILL_LOCK_FILE } from '../install/skill-lock.ts';
import type { Terminal } from '../output/terminal.ts';

/** The agents `skillset sync --agent` fills: every agent of the agent table. */
export const SYNC_AGENTS = AGENT_NAMES;

/** An agent `skillset sync --agent` fills. */
export type SyncAgent = AgentName;

/** Where sync writes: the agents' skill folders and the lockfile that says what it owns there. */
export interface SyncTargets {
  /** The lockfile; its folder is what the lock's relative folders are relative to. */
  lockFile: string;
  /** The agents this pass fills (`--agent`). */
  agents: AgentName[];
  /** Per agent asked for, the skills folder it installs into (the agent table's). */
  folders: Map<AgentName, string>;
  /** Every skills folder an agent reads in this scope: the only folders sync writes or removes skills in. */
  roots: string[];
  /** Where the agents' folders are resolved from. */
  context: AgentFolderContext;
  /** The user's folders instead of the project's. */
  global: boolean;
  /** A folder as a person reads it: relative inside the current folder, `~/…` in HOME. */
  display: (folder: string) => string;
}

/**
 * The folders of the agents, in the project (the lockfile in the current folder) or with `global`
 * the user's (the lockfile in `$XDG_CONFIG_HOME/skillset`), as the agent table names them.
 */
export function syncTargets(
  terminal: Terminal,
  agents: readonly SyncAgent[],
  global: boolean,
): SyncTargets {
  const home = terminal.env.HOME || os.homedir();
  const config = terminal.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const context: AgentFolderContext = { cwd: terminal.cwd, env: terminal.env };
  const folders = new Map(
    agents.map((agent) => [agent, agentSkillFolders(agent, context, global).install]),
  );
  const roots = [
    ...new Set(AGENT_NAMES.flatMap((agent) => agentSkillFolders(agent, context, global).reads)),
  ];
  const lockFile = global
    ? path.join(config, 'skillset', SKILL_LOCK_FILE)
    : path.resolve(terminal.cwd, SKILL_LOCK_FILE);
  return {
    lockFile,
    agents: [...new Set(agents)],
    folders,
    roots,
    context,
    global,
    display: (folder) => displayFolder(terminal, folder),
  };
}
