import type { AgentName } from '../agents/agent-table.ts';
import type { ConnectorTrust } from './connector-trust.ts';
import type { OwnedFile } from './owned-file.ts';
import type { SettingsAddition } from './settings-change.ts';

/** Where and for whom connect works. */
export interface ConnectContext {
  /** The project folder. */
  cwd: string;
  env: Readonly<Record<string, string | undefined>>;
  /** The user's settings instead of the project's. */
  global: boolean;
  /** The shell words that run this Skillset: `skillset`, or its binary's quoted absolute path. */
  skillsetCommand: string;
  /** The same program unquoted (for settings that take a program and its arguments apart). */
  skillsetBinary: string;
}

/** The additions connect makes to one settings file. */
export interface SettingsEdit {
  /** Absolute path. */
  file: string;
  additions: SettingsAddition[];
}

/** How Skillset connects to one agent through the agent's own extension points. */
export interface AgentConnector {
  agent: AgentName;
  /** Every settings file connect may change for this agent in this scope; disconnect touches no other. */
  settingsFiles(context: ConnectContext): string[];
  /** What connect adds to the agent's settings. */
  edits(context: ConnectContext): SettingsEdit[];
  /** Whole files connect writes (OpenCode's plugin); disconnect deletes them while unchanged. */
  files?(context: ConnectContext): OwnedFile[];
  /** Trust the agent needs before it runs what connect added (Codex's hook trust). */
  trust?: ConnectorTrust;
  /** What the edits do for the person, one sentence. */
  explanation: string;
}
