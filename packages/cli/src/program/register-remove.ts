import type { Command } from 'commander';
import { lockScopeOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface RemoveCliOptions {
  scope: 'project' | 'personal';
  force?: boolean;
  json?: boolean;
}

/** Adds `skillset remove <name...>`. */
export function registerRemove(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('remove')
    .description('Delete skills installed by skillset add, and their skillset-lock.json entries')
    .argument('<name...>', 'the skills to remove')
    .addOption(lockScopeOption())
    .option('--force', 'remove skills edited since they were installed too')
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: RemoveCliOptions) => {
      const { runRemove } = await import('../commands/remove.ts');
      outcome.exitCode = await runRemove(terminal, { names, ...options });
    });
}
