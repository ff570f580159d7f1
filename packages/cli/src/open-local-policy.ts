import os from 'node:os';
import path from 'node:path';
import type { PolicyConfig, PolicyContext, TrustedSigners } from '@skillset/core';
import { createPolicyContext, parseTrustedSigners } from '@skillset/core/lean';
import {
  createNodePolicyEnvironment,
  loadPolicyConfig,
  PROJECT_POLICY_CONFIG_FILE,
} from '@skillset/core/node';
import type { Terminal } from './output/terminal.ts';

/** The local user's policy: the context every local command decides with, and the files it came from. */
export interface LocalPolicy {
  context: PolicyContext;
  /** The signers `trustedSigners` and `revokedSigners` of both config files name. */
  trust: TrustedSigners;
  /** The config files that existed and were read, user first. */
  files: string[];
}

/** The user config file for this terminal: `$XDG_CONFIG_HOME/skillset/config.json` or `~/.config/skillset/config.json`. */
export function userPolicyConfigFile(terminal: Terminal): string {
  const configHome =
    terminal.env.XDG_CONFIG_HOME || path.join(terminal.env.HOME || os.homedir(), '.config');
  return path.join(configHome, 'skillset', 'config.json');
}

/** Throws when a config file's `trustedSigners` or `revokedSigners` has a bad line, naming the file. */
function assertSignerLines(file: string, config: PolicyConfig | undefined) {
  if (config === undefined) return;
  const { issues } = parseTrustedSigners(config);
  if (issues.length === 0) return;
  // A plain Error keeps one-shot commands off the core barrel (docs/decisions/0092).
  throw new Error(`invalid signers in ${file}: ${issues.join(' ')}`);
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
  assertSignerLines(userPolicyConfigFile(terminal), loaded.user);
  assertSignerLines(path.join(terminal.cwd, PROJECT_POLICY_CONFIG_FILE), loaded.project);
  const { trust } = parseTrustedSigners(loaded.config);
  const context = createPolicyContext({
    config: loaded.config,
    environment: createNodePolicyEnvironment({ env: terminal.env }),
  });
  return { context, trust, files: loaded.files };
}
