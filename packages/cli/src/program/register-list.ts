import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface ListCliOptions {
  dir: string[];
  json?: boolean;
}

/** Adds `skillset list`. */
export function registerList(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('list')
    .description('List skills from the standard locations, the built-in skills and each --dir')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (options: ListCliOptions) => {
      const { runList } = await import('../commands/list.ts');
      outcome.exitCode = await runList(terminal, {
        dirs: options.dir,
        json: options.json,
      });
    });
}
