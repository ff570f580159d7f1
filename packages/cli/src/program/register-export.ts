import { type Command, Option } from 'commander';
import {
  AGENT_FOLDERS_HELP,
  collectAgent,
  dirOption,
  EXPORT_AGENT_CHOICES,
} from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface ExportCliOptions {
  to: string[];
  dir: string[];
  link?: boolean;
  global?: boolean;
  personal?: boolean;
  force?: boolean;
  json?: boolean;
}

/** Adds `skillset export [name...]`. */
export function registerExport(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('export')
    .description('Copy or link skills into the folders your agents read, one copy each')
    .argument('[name...]', 'the skills to export (default: every project skill)')
    .addOption(
      new Option('--to <agent>', `the agent whose folder to write — ${AGENT_FOLDERS_HELP}`)
        .argParser(collectAgent(EXPORT_AGENT_CHOICES))
        .makeOptionMandatory(),
    )
    .option('--link', 'make relative symbolic links to the skill folders instead of copies')
    .option('--global', "write the agents' folders in your home instead of the project's")
    .addOption(new Option('--personal', 'the old name of --global').hideHelp())
    .option(
      '--force',
      'replace skill folders that already exist, and write skills the agent would reject',
    )
    .addOption(dirOption())
    .option('--json', 'print machine-readable JSON')
    .action(async (names: string[], options: ExportCliOptions) => {
      const { runExport } = await import('../commands/export.ts');
      outcome.exitCode = await runExport(terminal, { names, ...options, dirs: options.dir });
    });
}
