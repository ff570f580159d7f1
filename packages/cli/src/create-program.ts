import { Command, Option } from 'commander';
import { runList } from './commands/list.ts';
import { runShow } from './commands/show.ts';
import { runValidate } from './commands/validate.ts';
import type { Terminal } from './output/terminal.ts';

/** Where a command leaves its exit code. */
export interface CommandOutcome {
  exitCode: number;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

/** Builds the commander program for `skillset`, writing to the given terminal. */
export function createProgram(terminal: Terminal, outcome: CommandOutcome): Command {
  const program = new Command('skillset')
    .description('Find, validate and inspect Agent Skills (SKILL.md folders).')
    .exitOverride()
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({
      writeOut: (text) => terminal.stdout.write(text),
      writeErr: (text) => terminal.stderr.write(text),
    });

  const dirOption = () =>
    new Option('--dir <dir>', 'also read skills from this folder (repeatable)')
      .argParser(collect)
      .default([]);

  program
    .command('validate')
    .description(
      'Check skills against the format: a skill folder, a SKILL.md, or a folder of skills',
    )
    .argument('<path...>', 'skill folder, SKILL.md file, or folder containing skills')
    .option('--strict', 'use the portable Agent Skills profile (only the six spec fields)')
    .option('--json', 'print machine-readable JSON')
    .action(async (paths: string[], options: { strict?: boolean; json?: boolean }) => {
      outcome.exitCode = await runValidate(terminal, { paths, ...options });
    });

  program
    .command('list')
    .description('List skills from the standard locations, the built-in skills and each --dir')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (options: { dir: string[]; json?: boolean }) => {
      outcome.exitCode = await runList(terminal, { dirs: options.dir, json: options.json });
    });

  program
    .command('show')
    .description("Print a skill's manifest and body")
    .argument('<name>', 'skill name (case-insensitive)')
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (name: string, options: { dir: string[]; json?: boolean }) => {
      outcome.exitCode = await runShow(terminal, { name, dirs: options.dir, json: options.json });
    });

  return program;
}
