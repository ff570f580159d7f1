import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface ShowCliOptions {
  dir: string[];
  json?: boolean;
}

/** Adds `skillset show <name>`. */
export function registerShow(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('show')
    .description("Print a skill's manifest and body")
    .argument('<name>', 'skill name (case-insensitive)')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (name: string, options: ShowCliOptions) => {
      const { runShow } = await import('../commands/show.ts');
      outcome.exitCode = await runShow(terminal, {
        name,
        dirs: options.dir,
        json: options.json,
      });
    });
}
