import { type Command, Option } from 'commander';
import { parsePositiveInteger } from '../output/positive-integer.ts';
import { dirOption, HELP_CATALOG_BUDGET } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface DoctorCliOptions {
  dir: string[];
  budget: number;
  budgetChars: number[];
  severity: 'error' | 'warning' | 'info';
  json?: boolean;
}

/** Adds `skillset doctor`. */
export function registerDoctor(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('doctor')
    .description(
      'Find what makes skills silently fail: budgets, collisions, trigger quality, content risks',
    )
    .addOption(dirOption())
    .addOption(
      new Option('--budget <tokens>', "Skillset's catalog budget in tokens")
        .argParser(parsePositiveInteger)
        .default(HELP_CATALOG_BUDGET),
    )
    .addOption(
      new Option(
        '--budget-chars <n>',
        "another agent's listing budget in characters (repeatable; default 8000 and 16000)",
      )
        .argParser((value: string, previous: number[]) => [
          ...previous,
          parsePositiveInteger(value),
        ])
        .default([]),
    )
    .addOption(
      new Option('--severity <level>', 'the least severe findings shown (the summary counts all)')
        .choices(['error', 'warning', 'info'])
        .default('warning'),
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (options: DoctorCliOptions) => {
      const { runDoctor } = await import('../commands/doctor.ts');
      outcome.exitCode = await runDoctor(terminal, {
        dirs: options.dir,
        budget: options.budget,
        budgetChars: options.budgetChars,
        severity: options.severity,
        json: options.json,
      });
    });
}
