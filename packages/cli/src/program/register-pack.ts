import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface PackCliOptions {
  dir: string[];
  out?: string;
  force?: boolean;
  json?: boolean;
}

/** Adds `skillset pack <name>`. */
export function registerPack(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('pack')
    .description('Write a skill as a claude.ai ZIP (one folder named after the skill)')
    .argument('<name>', 'skill name (case-insensitive)')
    .option('--out <file>', 'the ZIP to write (default: <name>.zip)')
    .option('--force', 'replace the ZIP if it exists, and pack a skill claude.ai would reject')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (name: string, options: PackCliOptions) => {
      const { runPack } = await import('../commands/pack.ts');
      outcome.exitCode = await runPack(terminal, { name, ...options, dirs: options.dir });
    });
}
