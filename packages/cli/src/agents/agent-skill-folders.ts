import os from 'node:os';
import path from 'node:path';
import { type AgentFolder, type AgentName, agentDefinition } from './agent-table.ts';

/** Where the folders of an agent are resolved from: the project folder and the environment. */
export interface AgentFolderContext {
  /** The project folder. */
  cwd: string;
  /** HOME, XDG_CONFIG_HOME and CODEX_HOME are read; each has its usual default. */
  env: Readonly<Record<string, string | undefined>>;
}

/** An agent's skill folders in one scope, as absolute paths. */
export interface AgentSkillFolders {
  /** Where Skillset installs the agent's skills. */
  install: string;
  /** Every folder the agent reads skills from, the install folder first. */
  reads: string[];
}

/** The absolute path of one agent folder. */
export function resolveAgentFolder(folder: AgentFolder, context: AgentFolderContext): string {
  const { env } = context;
  const home = env.HOME || os.homedir();
  const parts = folder.path.split('/');
  if (folder.base === 'project') return path.resolve(context.cwd, ...parts);
  if (folder.base === 'home') return path.join(home, ...parts);
  if (folder.base === 'config') {
    const config = env.XDG_CONFIG_HOME ? path.resolve(context.cwd, env.XDG_CONFIG_HOME) : null;
    return path.join(config ?? path.join(home, '.config'), ...parts);
  }
  const codexHome = env.CODEX_HOME ? path.resolve(context.cwd, env.CODEX_HOME) : null;
  return path.join(codexHome ?? path.join(home, '.codex'), ...parts);
}

/** An agent's skill folders in the project (`global` false) or the user's (`global` true). */
export function agentSkillFolders(
  agent: AgentName,
  context: AgentFolderContext,
  global: boolean,
): AgentSkillFolders {
  const definition = agentDefinition(agent);
  const resolve = (folder: AgentFolder) => resolveAgentFolder(folder, context);
  return global
    ? { install: resolve(definition.userFolder), reads: definition.userReads.map(resolve) }
    : { install: resolve(definition.projectFolder), reads: definition.projectReads.map(resolve) };
}
