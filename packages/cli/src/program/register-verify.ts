import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface VerifyCliOptions {
  dir: string[];
  json?: boolean;
}

/** Adds `skillset verify [names...]`. */
export function registerVerify(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('verify')
    .description("Check skills' signatures against trustedSigners in skillset.json")
    .argument('[names...]', 'skill names (default: every skill)')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: VerifyCliOptions) => {
      const { runVerify } = await import('../commands/verify.ts');
      outcome.exitCode = await runVerify(terminal, {
        names,
        dirs: options.dir,
        ...(options.json === undefined ? {} : { json: options.json }),
      });
    });
}
