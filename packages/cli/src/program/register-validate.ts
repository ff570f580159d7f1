import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';

interface ValidateCliOptions {
  strict?: boolean;
  json?: boolean;
}

/** Adds `skillset validate <path...>`. */
export function registerValidate(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('validate')
    .description(
      'Check skills against the format: a skill folder, a SKILL.md, or a folder of skills',
    )
    .argument('<path...>', 'skill folder, SKILL.md file, or folder containing skills')
    .option('--strict', 'use the portable Agent Skills profile (only the six spec fields)')
    .option('--json', 'print machine-readable JSON')
    .action(async (paths: string[], options: ValidateCliOptions) => {
      const { runValidate } = await import('../commands/validate.ts');
      outcome.exitCode = await runValidate(terminal, {
        paths,
        ...options,
      });
    });
}
