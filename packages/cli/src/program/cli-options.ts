import { type Command, InvalidArgumentError, Option } from 'commander';

/** AGENT_NAMES of agents/agent-table.ts, repeated so `--help` loads no command module. */
export const SYNC_AGENT_CHOICES = ['claude', 'codex', 'opencode', 'gemini'];

/** `export --to` also takes `agents`, its old name for the `.agents/skills` folder (now codex's). */
export const EXPORT_AGENT_CHOICES = [...SYNC_AGENT_CHOICES, 'agents'];

/** The folders `--agent` and `--to` fill, for their help. */
export const AGENT_FOLDERS_HELP =
  "claude: .claude/skills, codex: .agents/skills, opencode: .opencode/skills, gemini: .gemini/skills; repeatable, and an agent that already reads another agent's folder gets no second copy";

/** DEFAULT_CATALOG_BUDGET of @skillset/core, repeated for the help text (a test keeps them equal). */
export const HELP_CATALOG_BUDGET = 2000;

/** Parses a repeatable option into the list of its values. */
export function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Parses a repeatable agent option, refusing a name not in `choices`. */
export function collectAgent(choices: readonly string[]) {
  return (value: string, previous: string[] | undefined) => {
    if (!choices.includes(value))
      throw new InvalidArgumentError(`Allowed choices are ${choices.join(', ')}.`);
    return [...(previous ?? []), value];
  };
}

/** The repeatable `--dir <dir>` option of the commands that read local skills. */
export function dirOption(): Option {
  return new Option('--dir <dir>', 'also read skills from this folder (repeatable)')
    .argParser(collect)
    .default([]);
}

/** The `--scope` option of `update` and `remove`: which lockfile they work on. */
export function lockScopeOption(): Option {
  return new Option(
    '--scope <scope>',
    'project: ./skillset-lock.json; personal: ~/.config/skillset/',
  )
    .choices(['project', 'personal'])
    .default('project');
}

/** The options of the commands that open the server's own store (`serve`, `sign-in-link`, `token create`). */
export interface StoreCliOptions {
  port?: string;
  host?: string;
  dataDir?: string;
  databaseUrl?: string;
}

/** Adds `--port`, `--host`, `--data-dir` and `--database-url` to a command that opens the server's store. */
export function addStoreOptions(command: Command): Command {
  return command
    .option('--port <port>', 'port to listen on (default 4747, or PORT)')
    .option('--host <host>', 'address to listen on (default 127.0.0.1)')
    .option('--data-dir <dir>', 'PGlite data folder (default ./.skillset, or SKILLSET_DATA_DIR)')
    .option('--database-url <url>', 'use this PostgreSQL database (or DATABASE_URL)');
}
