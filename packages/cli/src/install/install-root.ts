import os from 'node:os';
import path from 'node:path';
import type { Terminal } from '../output/terminal.ts';

/** Where `skillset add` installs: the project's folder or the person's. */
export type InstallScope = 'project' | 'personal';

/** The install scopes, for `--scope`. */
export const INSTALL_SCOPES = ['project', 'personal'] as const;

/**
 * The folder `add` installs into: `.claude/skills` of the current folder (where `skillset chat`
 * saves the skills it creates) or `~/.claude/skills`; both are read by Skillset and Claude Code.
 */
export function installRoot(terminal: Terminal, scope: InstallScope): string {
  return scope === 'project'
    ? path.resolve(terminal.cwd, '.claude/skills')
    : path.join(terminal.env.HOME || os.homedir(), '.claude/skills');
}

/** A folder as a person reads it: relative to the current folder inside it, `~/…` in HOME. */
export function displayFolder(terminal: Pick<Terminal, 'cwd' | 'env'>, folder: string): string {
  const relative = path.relative(terminal.cwd, folder);
  if (!relative.startsWith('..') && !path.isAbsolute(relative)) return relative || '.';
  const home = terminal.env.HOME;
  return home && folder.startsWith(home + path.sep) ? `~${folder.slice(home.length)}` : folder;
}
