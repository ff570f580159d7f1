import os from 'node:os';
import path from 'node:path';
import type { PolicyContext } from '@skillset/core';
import { createPolicyContext } from '@skillset/core/lean';
import { createNodePolicyEnvironment, loadPolicyConfig } from '@skillset/core/node';
import type { Terminal } from './output/terminal.ts';

/** The local user's policy: the context every local command decides with, and the files it came from. */
export interface LocalPolicy {
  context: PolicyContext;
  /** The config files that existed and were read, user first. */
  files: string[];
}

/** The user config file for this terminal: `$XDG_CONFIG_HOME/skillset/config.json` or `~/.config/skillset/config.json`. */
export function userPolicyConfigFile(terminal: Terminal): string {
  const configHome =
    terminal.env.XDG_CONFIG_HOME || path.join(terminal.env.HOME || os.homedir(), '.config');
  return path.join(configHome, 'skillset', 'config.json');
}

/**
 * Loads `skillset.json` from the working folder and the user config (project wins), and builds the
 * local user's policy context with this machine's environment; an invalid config throws, naming the file.
 */
export async function openLocalPolicy(terminal: Terminal): Promise<LocalPolicy> {
  const loaded = await loadPolicyConfig({
    cwd: terminal.cwd,
    env: terminal.env,
    userConfigFile: userPolicyConfigFile(terminal),
  });
  const context = createPolicyContext({
    config: loaded.config,
    environment: createNodePolicyEnvironment({ env: terminal.env }),
  });
  return { context, files: loaded.files };
}
