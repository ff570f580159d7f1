import { type Command, Option } from 'commander';
import { AGENT_FOLDERS_HELP, collectAgent, SYNC_AGENT_CHOICES } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface SyncCliOptions {
  server?: string;
  token?: string;
  agent?: string[];
  global?: boolean;
  dryRun?: boolean;
  force?: boolean;
  watch?: boolean;
  json?: boolean;
}

/** Adds `skillset sync`. */
export function registerSync(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('sync')
    .description(
      "Install the server's skills (those your token may use) into your agents' folders, with a lockfile; --watch keeps them in step",
    )
    .option('--server <url>', 'the Skillset server (default: SKILLSET_SERVER)')
    .option('--token <token>', 'your token (default: SKILLSET_TOKEN)')
    .addOption(
      new Option('--agent <agent>', `${AGENT_FOLDERS_HELP} (default claude)`).argParser(
        collectAgent(SYNC_AGENT_CHOICES),
      ),
    )
    .option('--global', "the agents' folders in your home instead of this project's")
    .option('--dry-run', 'say what would change, change nothing')
    .option('--force', 'replace skills edited here and folders sync did not install')
    .option('--watch', "follow the server's change feed and apply changes as they happen")
    .option('--json', 'print machine-readable JSON')
    .action(async (options: SyncCliOptions) => {
      const { runSync } = await import('../commands/sync.ts');
      const { agent, ...rest } = options;
      outcome.exitCode = await runSync(terminal, {
        ...rest,
        agents: (agent ?? ['claude']) as Parameters<typeof runSync>[1]['agents'],
      });
    });
}
