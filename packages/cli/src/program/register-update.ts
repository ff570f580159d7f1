import type { Command } from 'commander';
import { lockScopeOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface UpdateCliOptions {
  scope: 'project' | 'personal';
  force?: boolean;
  json?: boolean;
}

/** Adds `skillset update [name...]`. */
export function registerUpdate(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('update')
    .description('Update skills installed by skillset add from their sources (skillset-lock.json)')
    .argument('[name...]', 'the skills to update (default: every skill in the lockfile)')
    .addOption(lockScopeOption())
    .option('--force', 'replace skills edited since they were installed')
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: UpdateCliOptions) => {
      const { runUpdate } = await import('../commands/update.ts');
      outcome.exitCode = await runUpdate(terminal, { names, ...options });
    });
}
