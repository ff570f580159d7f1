import type { Command } from 'commander';
import { addStoreOptions, type StoreCliOptions } from './cli-options.ts';
import type { CommandContext } from './command-context.ts';

interface BackupCliOptions extends StoreCliOptions {
  out: string;
}

interface RestoreCliOptions extends StoreCliOptions {
  force?: boolean;
}

/** Adds `skillset backup` and `skillset restore`. */
export function registerBackup(program: Command, { terminal, outcome }: CommandContext): void {
  addStoreOptions(
    program
      .command('backup')
      .description(
        "Write a consistent snapshot of the server's database to one file, also while the server runs (on PGlite the running server writes it)",
      ),
  )
    .requiredOption('--out <file>', 'the backup file to write, e.g. skillset-2026-11-29.backup')
    .action(async (options: BackupCliOptions) => {
      const { runBackup } = await import('../commands/backup.ts');
      outcome.exitCode = await runBackup(terminal, options);
    });
  addStoreOptions(
    program
      .command('restore')
      .description('Fill an empty database (PGlite or PostgreSQL) from a backup file')
      .argument('<file>', 'the file skillset backup wrote'),
  )
    .option('--force', 'replace what the database holds')
    .action(async (file: string, options: RestoreCliOptions) => {
      const { runRestore } = await import('../commands/restore.ts');
      outcome.exitCode = await runRestore(terminal, { ...options, file });
    });
}
