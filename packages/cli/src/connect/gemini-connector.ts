import os from 'node:os';
import path from 'node:path';
import type { AgentConnector, ConnectContext } from './agent-connector.ts';
import type { SettingsAddition } from './settings-change.ts';

/** Milliseconds Gemini CLI waits for the hook; the first prompt may start the hook server. */
export const GEMINI_HOOK_TIMEOUT_MS = 30_000;

function geminiSettingsFile(context: ConnectContext): string {
  return context.global
    ? path.join(context.env.HOME || os.homedir(), '.gemini', 'settings.json')
    : path.resolve(context.cwd, '.gemini', 'settings.json');
}

function geminiAdditions(context: ConnectContext): SettingsAddition[] {
  const hook = {
    type: 'command',
    name: 'skillset',
    command: `${context.skillsetCommand} hook gemini`,
    timeout: GEMINI_HOOK_TIMEOUT_MS,
  };
  const server = {
    command: context.skillsetBinary,
    args: ['mcp', '--agent', 'gemini', '--no-catalog'],
    trust: true,
  };
  return [
    { kind: 'entry', path: ['hooks', 'BeforeAgent'], value: { hooks: [hook] } },
    { kind: 'key', path: ['skills', 'enabled'], value: false },
    { kind: 'key', path: ['mcpServers', 'skillset'], value: server },
  ];
}

/**
 * Gemini CLI: in `.gemini/settings.json` (`~/.gemini/settings.json` with `--global`) a
 * `BeforeAgent` hook running `skillset hook gemini`, whose `additionalContext` names the skills most
 * relevant to each prompt; `skills.enabled: false`, since Gemini's own listing would put every skill
 * in every request; and Skillset's MCP server for the folders Gemini reads (without a catalog of its
 * own: the hook suggests), trusted so that its read-only `use_skill` loads a suggested skill in
 * headless runs too.
 */
export const geminiConnector: AgentConnector = {
  agent: 'gemini',
  settingsFiles: (context) => [geminiSettingsFile(context)],
  edits: (context) => [{ file: geminiSettingsFile(context), additions: geminiAdditions(context) }],
  explanation:
    "With every prompt, a BeforeAgent hook shows the model the skills most relevant to it, with their descriptions, instead of Gemini CLI listing every skill in each request (skills.enabled is off); Skillset's MCP server loads a suggested skill with use_skill",
};
