import type { Command } from 'commander';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface InvokeCliOptions {
  dir: string[];
  json?: boolean;
}

/** Adds `skillset invoke <message>`. */
export function registerInvoke(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('invoke')
    .description('Show what a user message like "/name args" activates and what text goes on')
    .argument('<message>', 'the user message, e.g. "/deploy staging --dry-run"')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (message: string, options: InvokeCliOptions) => {
      const { runInvoke } = await import('../commands/invoke.ts');
      outcome.exitCode = await runInvoke(terminal, {
        message,
        dirs: options.dir,
        json: options.json,
      });
    });
}
