import os from 'node:os';
import path from 'node:path';
import type { AgentConnector, ConnectContext, SettingsEdit } from './agent-connector.ts';

/** Seconds Claude Code (and Codex) wait for the hook; the first prompt may start the hook server. */
export const CLAUDE_HOOK_TIMEOUT_SECONDS = 30;

function claudeSettingsFile(context: ConnectContext): string {
  return context.global
    ? path.join(context.env.HOME || os.homedir(), '.claude', 'settings.json')
    : path.resolve(context.cwd, '.claude', 'settings.json');
}

/**
 * A `UserPromptSubmit` entry running `command`, in Claude Code's hooks format (Codex reads the same).
 */
export function userPromptSubmitEntry(file: string, command: string): SettingsEdit {
  return {
    file,
    additions: [
      {
        kind: 'entry',
        path: ['hooks', 'UserPromptSubmit'],
        value: { hooks: [{ type: 'command', command, timeout: CLAUDE_HOOK_TIMEOUT_SECONDS }] },
      },
    ],
  };
}

/**
 * Claude Code: a `UserPromptSubmit` hook in `.claude/settings.json` (`~/.claude/settings.json`
 * with `--global`) that runs `skillset hook claude`, whose `additionalContext` names the skills
 * most relevant to each prompt; the skills stay in `.claude/skills`, where Claude Code's own
 * `Skill` tool loads them.
 */
export const claudeConnector: AgentConnector = {
  agent: 'claude',
  settingsFiles: (context) => [claudeSettingsFile(context)],
  edits: (context) => [
    userPromptSubmitEntry(claudeSettingsFile(context), `${context.skillsetCommand} hook claude`),
  ],
  explanation:
    'With every prompt, a UserPromptSubmit hook shows the model the skills most relevant to it, with their descriptions; Claude Code loads one with its Skill tool',
};
