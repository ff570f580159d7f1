import os from 'node:os';
import path from 'node:path';
import { SKILL_LOCK_FILE } from '../install/skill-lock.ts';
import type { Terminal } from '../output/terminal.ts';

/** The agents `skillset sync --agent` fills. */
export const SYNC_AGENTS = ['claude', 'codex', 'opencode'] as const;

/** An agent `skillset sync --agent` fills. */
export type SyncAgent = (typeof SYNC_AGENTS)[number];

const PROJECT_FOLDERS: Record<SyncAgent, string> = {
  claude: '.claude/skills',
  codex: '.agents/skills',
  opencode: '.opencode/skills',
};

/** Where sync writes: the agents' skill folders and the lockfile that says what it owns there. */
export interface SyncTargets {
  /** The lockfile; its folder is what the lock's relative folders are relative to. */
  lockFile: string;
  /** Per agent, its skills folder. */
  folders: Map<SyncAgent, string>;
}

function userFolder(terminal: Terminal, agent: SyncAgent): string {
  const { env } = terminal;
  const home = env.HOME || os.homedir();
  const config = env.XDG_CONFIG_HOME || path.join(home, '.config');
  if (agent === 'claude') return path.join(home, '.claude/skills');
  if (agent === 'codex') return path.join(env.CODEX_HOME || path.join(home, '.codex'), 'skills');
  return path.join(config, 'opencode/skills');
}

/**
 * The folders of the agents, in the project (`.claude/skills`, `.agents/skills`,
 * `.opencode/skills`, the lockfile in the current folder) or with `global` the user's (the lockfile
 * in `$XDG_CONFIG_HOME/skillset`).
 */
export function syncTargets(
  terminal: Terminal,
  agents: readonly SyncAgent[],
  global: boolean,
): SyncTargets {
  const home = terminal.env.HOME || os.homedir();
  const config = terminal.env.XDG_CONFIG_HOME || path.join(home, '.config');
  const folders = new Map<SyncAgent, string>();
  for (const agent of agents) {
    folders.set(
      agent,
      global ? userFolder(terminal, agent) : path.resolve(terminal.cwd, PROJECT_FOLDERS[agent]),
    );
  }
  const lockFile = global
    ? path.join(config, 'skillset', SKILL_LOCK_FILE)
    : path.resolve(terminal.cwd, SKILL_LOCK_FILE);
  return { lockFile, folders };
}
