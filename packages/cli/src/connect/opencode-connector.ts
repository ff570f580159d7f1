import os from 'node:os';
import path from 'node:path';
import type { AgentConnector, ConnectContext } from './agent-connector.ts';
import { renderOpencodePlugin } from './opencode-plugin.ts';

function pluginFile(context: ConnectContext): string {
  if (!context.global) return path.resolve(context.cwd, '.opencode', 'plugins', 'skillset.js');
  const config =
    context.env.XDG_CONFIG_HOME || path.join(context.env.HOME || os.homedir(), '.config');
  return path.join(config, 'opencode', 'plugins', 'skillset.js');
}

/**
 * OpenCode: a plugin in `.opencode/plugins/skillset.js` (`~/.config/opencode/plugins` with
 * `--global`, the folders OpenCode 1.18 loads plugins from) that runs `skillset hook opencode` on
 * every prompt and puts the most relevant skills beside it, while OpenCode's own listing keeps only
 * the skills Skillset does not rank; OpenCode's `skill` tool loads a suggested skill.
 */
export const opencodeConnector: AgentConnector = {
  agent: 'opencode',
  settingsFiles: () => [],
  edits: () => [],
  files: (context) => [
    {
      file: pluginFile(context),
      text: renderOpencodePlugin(`${context.skillsetCommand} hook opencode`),
      label: "Skillset's OpenCode plugin",
    },
  ],
  explanation:
    "With every prompt, the plugin shows the model the skills most relevant to it, with their descriptions, instead of listing every skill in each request; OpenCode's skill tool loads a suggested skill",
};
