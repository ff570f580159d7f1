import { type Command, Option } from 'commander';
import { parsePositiveInteger } from '../output/positive-integer.ts';
import { dirOption } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface SearchCliOptions {
  dir: string[];
  limit: number;
  json?: boolean;
}

/** Adds `skillset search <query>`. */
export function registerSearch(program: Command, { terminal, outcome }: CommandContext): void {
  program
    .command('search')
    .description('Search the allowed skills by relevance to a query')
    .argument('<query>', 'what you are looking for, in plain words')
    .addOption(dirOption())
    .addOption(
      new Option('--limit <count>', 'how many results at most')
        .argParser(parsePositiveInteger)
        .default(10),
    )
    .option('--json', 'print machine-readable JSON')
    .action(async (query: string, options: SearchCliOptions) => {
      const { runSearch } = await import('../commands/search.ts');
      outcome.exitCode = await runSearch(terminal, {
        query,
        dirs: options.dir,
        limit: options.limit,
        json: options.json,
      });
    });
}
