/** The agents `skillset sync --agent` fills, with the folder each reads in a project. */
export const SYNC_AGENTS = [
  { value: 'claude', label: 'Claude Code', folder: '.claude/skills' },
  { value: 'codex', label: 'Codex', folder: '.agents/skills' },
  { value: 'opencode', label: 'OpenCode', folder: '.opencode/skills' },
] as const;

/** An agent `skillset sync --agent` fills. */
export type SyncAgent = (typeof SYNC_AGENTS)[number]['value'];

/** Options of {@link syncCommand}. */
export interface SyncCommandOptions {
  /** The server's origin, e.g. `https://skills.example.com`. */
  server: string;
  token: string;
  agents: readonly SyncAgent[];
  watch: boolean;
  global: boolean;
}

const SHELL_SAFE = /^[\w@%+=:,./-]+$/;

/** A word as a POSIX shell reads it back unchanged. */
function shellWord(word: string): string {
  return SHELL_SAFE.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** The words of {@link syncCommand}, each option with its value, to lay out one per group. */
export function syncCommandParts(options: SyncCommandOptions): string[] {
  const order = SYNC_AGENTS.map((agent) => agent.value).filter((agent) =>
    options.agents.includes(agent),
  );
  return [
    'npx skillset sync',
    `--server ${shellWord(options.server)}`,
    `--token ${shellWord(options.token)}`,
    ...order.map((agent) => `--agent ${agent}`),
    ...(options.global ? ['--global'] : []),
    ...(options.watch ? ['--watch'] : []),
  ];
}

/** The `npx skillset sync` command line that fills the agents' folders from the server. */
export function syncCommand(options: SyncCommandOptions): string {
  return syncCommandParts(options).join(' ');
}
