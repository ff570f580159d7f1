import type { CatalogFormat, CatalogMode } from '@skillset/core';
import { type Command, Option } from 'commander';
import { parsePositiveInteger } from '../output/positive-integer.ts';
import { dirOption, HELP_CATALOG_BUDGET } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface CatalogCliOptions {
  dir: string[];
  query?: string;
  budget?: number;
  format: CatalogFormat;
  mode?: CatalogMode;
  json?: boolean;
}

/** Adds `skillset catalog`. */
export function registerCatalog(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('catalog')
    .description('Print the skill catalog a model would see, under a token budget')
    .addOption(dirOption())
    .option('--query <text>', "the user's message; ranks the catalog by relevance to it")
    .addOption(
      // No commander default: the command applies DEFAULT_CATALOG_BUDGET, so help loads no core.
      new Option(
        '--budget <tokens>',
        `token budget of the whole catalog (default: ${HELP_CATALOG_BUDGET})`,
      ).argParser(parsePositiveInteger),
    )
    .addOption(
      new Option('--format <format>', 'catalog format')
        .choices(['markdown', 'xml'])
        .default('markdown'),
    )
    .addOption(
      new Option(
        '--mode <mode>',
        'entry order (default: ranked with --query, else stable)',
      ).choices(['stable', 'ranked']),
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (options: CatalogCliOptions, command: Command) => {
      const query = options.query?.trim() === '' ? undefined : options.query;
      const mode = options.mode ?? (query === undefined ? 'stable' : 'ranked');
      if (mode === 'ranked' && query === undefined) {
        command.error('error: --mode ranked needs --query <text> to rank by', {
          code: 'skillset.ranked_without_query',
          exitCode: 2,
        });
      }
      const { runCatalog } = await import('../commands/catalog.ts');
      outcome.exitCode = await runCatalog(terminal, {
        dirs: options.dir,
        ...(query === undefined ? {} : { query }),
        ...(options.budget === undefined ? {} : { budget: options.budget }),
        format: options.format,
        mode,
        json: options.json,
      });
    });
}
