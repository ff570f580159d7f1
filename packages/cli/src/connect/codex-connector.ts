import os from 'node:os';
import path from 'node:path';
import type { AgentConnector, ConnectContext } from './agent-connector.ts';
import { userPromptSubmitEntry } from './claude-connector.ts';
import { codexHookTrust } from './codex-hook-trust.ts';

/** `$CODEX_HOME`, else `~/.codex`. */
export function codexHome(env: Readonly<Record<string, string | undefined>>): string {
  return env.CODEX_HOME || path.join(env.HOME || os.homedir(), '.codex');
}

function codexHooksFile(context: ConnectContext): string {
  return context.global
    ? path.join(codexHome(context.env), 'hooks.json')
    : path.resolve(context.cwd, '.codex', 'hooks.json');
}

const hookCommand = (context: ConnectContext) => `${context.skillsetCommand} hook codex`;

/**
 * Codex: a `UserPromptSubmit` hook in `.codex/hooks.json` (`$CODEX_HOME/hooks.json` with
 * `--global`) that runs `skillset hook codex`, whose `additionalContext` names the skills most
 * relevant to each prompt with their SKILL.md files, trusted through Codex's app server; the skills
 * stay in `.agents/skills`, and Codex reads a suggested one's SKILL.md with its shell tool.
 */
export const codexConnector: AgentConnector = {
  agent: 'codex',
  settingsFiles: (context) => [codexHooksFile(context)],
  edits: (context) => [userPromptSubmitEntry(codexHooksFile(context), hookCommand(context))],
  trust: codexHookTrust((context) => ({
    file: codexHooksFile(context),
    command: hookCommand(context),
  })),
  explanation:
    "With every prompt, a UserPromptSubmit hook shows the model the skills most relevant to it, with their descriptions and SKILL.md files; Codex reads a suggested skill's SKILL.md with its shell tool",
};
