import os from 'node:os';
import path from 'node:path';
import type { Terminal } from '../output/terminal.ts';

/** The agents `skillset export --to` writes for. */
export const EXPORT_AGENTS = ['claude', 'codex', 'agents', 'opencode'] as const;

/** An agent `skillset export --to` writes for. */
export type ExportAgent = (typeof EXPORT_AGENTS)[number];

/** Who reads an agent's folder, for messages. */
export const EXPORT_AGENT_LABELS: Record<ExportAgent, string> = {
  claude: 'Claude Code',
  codex: 'Codex',
  agents: 'an agent reading .agents/skills',
  opencode: 'OpenCode',
};

const PROJECT_FOLDERS: Record<ExportAgent, string> = {
  claude: '.claude/skills',
  codex: '.codex/skills',
  agents: '.agents/skills',
  opencode: '.opencode/skills',
};

const PERSONAL_FOLDERS: Record<ExportAgent, string> = {
  claude: '.claude/skills',
  codex: '.codex/skills',
  agents: '.agents/skills',
  opencode: '.config/opencode/skills',
};

/** Options for {@link exportRoot}. */
export interface ExportRootOptions {
  agent: ExportAgent;
  /** The agent's folder in HOME instead of the project's. */
  personal?: boolean;
}

/** The skills folder an agent reads: in the current folder, or in HOME with `personal`. */
export function exportRoot(terminal: Terminal, options: ExportRootOptions): string {
  return options.personal
    ? path.join(terminal.env.HOME || os.homedir(), PERSONAL_FOLDERS[options.agent])
    : path.resolve(terminal.cwd, PROJECT_FOLDERS[options.agent]);
}
