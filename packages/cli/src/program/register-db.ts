import type { Command } from 'commander';
import type { CommandContext } from './command-context.ts';

interface DbCopyCliOptions {
  fromDataDir: string;
  to: string;
  force?: boolean;
  json?: boolean;
}

/** Adds `skillset db` and its `copy`. */
export function registerDb(program: Command, { terminal, outcome }: CommandContext): void {
  const db = program.command('db').description("Move the server's database");
  db.command('copy')
    .description(
      'Copy a stopped PGlite data folder into an empty PostgreSQL database, and check every table after',
    )
    .requiredOption('--from-data-dir <dir>', 'the PGlite data folder (the server must be stopped)')
    .requiredOption('--to <url>', 'the PostgreSQL database, postgres://user@host:5432/name')
    .option('--force', 'replace what the target database holds')
    .option('--json', 'print machine-readable JSON')
    .action(async (options: DbCopyCliOptions) => {
      const { runDbCopy } = await import('../commands/db-copy.ts');
      outcome.exitCode = await runDbCopy(terminal, options);
    });
}
